/** The info-icon tooltip (spec 1 §2); with `href` the icon opens the link in a new tab. */
import type { ReactNode } from 'react';
import { ActionIcon, Tooltip } from '@mantine/core';

function InfoIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <circle cx="12" cy="12" r="10" />
      <path d="M12 16v-4M12 8h.01" strokeLinecap="round" />
    </svg>
  );
}

export interface InfoTipProps {
  label: ReactNode;
  href?: string;
  /** Accessible name of the icon; defaults to 'More information'. */
  ariaLabel?: string;
}

export function InfoTip({ label, href, ariaLabel = 'More information' }: InfoTipProps) {
  return (
    <Tooltip label={label} multiline maw={320} withArrow events={{ hover: true, focus: true, touch: true }}>
      {href ? (
        <ActionIcon
          component="a"
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          size="sm"
          aria-label={ariaLabel}
        >
          <InfoIcon />
        </ActionIcon>
      ) : (
        <ActionIcon variant="subtle" size="sm" aria-label={ariaLabel}>
          <InfoIcon />
        </ActionIcon>
      )}
    </Tooltip>
  );
}
