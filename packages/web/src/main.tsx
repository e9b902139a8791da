// First: zod must be told not to probe for eval before any schema is built (lib/zodConfig.ts).
import './lib/zodConfig.ts';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/readOnly.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
