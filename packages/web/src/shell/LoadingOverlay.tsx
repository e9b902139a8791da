/**
 * The full-screen loading overlay (spec 1 §2): 'Loading' while foreground API calls are pending
 * (shown after a short delay, so quick calls do not flash), or 'Uploading file' with a percent bar
 * and a Cancel Upload button while an upload runs.
 */
import { useEffect, useState } from 'react';
import { Button, Loader, Overlay, Paper, Progress, Stack, Text } from '@mantine/core';
import { pendingCalls } from '../api/client.ts';
import { uploadState } from '../api/upload.ts';
import { useStore } from '../lib/store.ts';

export const OVERLAY_DELAY_MS = 300;

function useDelayed(active: boolean, delayMs: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}

export function LoadingOverlay() {
  const pending = useStore(pendingCalls);
  const upload = useStore(uploadState);
  const loading = useDelayed(pending > 0, OVERLAY_DELAY_MS);
  if (!upload.active && !loading) return null;
  return (
    <Overlay fixed zIndex={1000} backgroundOpacity={0.35} center>
      <Paper shadow="md" p="lg" radius="md" miw={260} role="status" aria-live="polite">
        {upload.active ? (
          <Stack gap="sm">
            <Text fw={600}>Uploading file</Text>
            <Progress value={upload.percent} aria-label="Upload progress" />
            <Text size="sm" c="dimmed">
              {upload.percent}%
            </Text>
            <Button variant="default" onClick={() => upload.cancel?.()}>
              Cancel Upload
            </Button>
          </Stack>
        ) : (
          <Stack align="center" gap="xs">
            <Loader />
            <Text fw={600}>Loading</Text>
          </Stack>
        )}
      </Paper>
    </Overlay>
  );
}
