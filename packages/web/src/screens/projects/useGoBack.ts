import { useNavigate } from 'react-router';

/** Back one page when there is one inside the app, otherwise to the projects list. */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  return () => {
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate('/');
  };
}
