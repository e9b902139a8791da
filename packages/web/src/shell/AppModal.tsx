/**
 * The generic modal (spec 1 §2, spec 2 §9.2) with the sizes small, medium, large, xlarge, xxlarge
 * and xxlarge-tall, and an optional Cancel button.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal } from '@mantine/core';

export type ModalSize = 'small' | 'medium' | 'large' | 'xlarge' | 'xxlarge' | 'xxlarge-tall';

export const MODAL_WIDTH: Record<ModalSize, number> = {
  small: 420,
  medium: 600,
  large: 800,
  xlarge: 1000,
  xxlarge: 1200,
  'xxlarge-tall': 1200,
};

export interface AppModalProps {
  opened: boolean;
  onClose(): void;
  title: ReactNode;
  size?: ModalSize;
  /** Adds a Cancel button that closes the modal. */
  withCancel?: boolean;
  /** Buttons shown right of Cancel. */
  actions?: ReactNode;
  children: ReactNode;
}

export function AppModal({
  opened,
  onClose,
  title,
  size = 'medium',
  withCancel,
  actions,
  children,
}: AppModalProps) {
  const tall = size === 'xxlarge-tall';
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title}
      size={MODAL_WIDTH[size]}
      centered={!tall}
      styles={tall ? { body: { minHeight: '80vh' } } : undefined}
    >
      {children}
      {(withCancel || actions) && (
        <Group justify="flex-end" mt="lg">
          {withCancel && (
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
          )}
          {actions}
        </Group>
      )}
    </Modal>
  );
}
