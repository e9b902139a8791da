/** 'Unlock PVRADAR + Sunfield' (spec 1 §2): shown when the company lacks the PVRADAR extension. */
import { Anchor, Button, Group, List, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { navigateTo } from '../lib/navigation.ts';
import { openContactModal } from './contactModal.tsx';

export const PVRADAR_TITLE = 'Unlock PVRADAR + Sunfield';
export const PVRADAR_BENEFITS = [
  'Soiling, snow and albedo loss estimation',
  'Cleaning optimisation',
  'Automated reports',
  'Albedo economics',
  'A Python package',
] as const;

export function openPvradarModal(): void {
  const id = modals.open({
    title: PVRADAR_TITLE,
    centered: true,
    size: 520,
    children: (
      <Stack>
        <Text size="sm">PVRADAR adds site-specific loss analysis to your Sunfield predictions:</Text>
        <List size="sm" spacing={4}>
          {PVRADAR_BENEFITS.map((benefit) => (
            <List.Item key={benefit}>{benefit}</List.Item>
          ))}
        </List>
        <Text size="sm">A discounted rate applies when PVRADAR is bundled with the Pro plan.</Text>
        <Anchor
          size="sm"
          href="/subscription"
          onClick={(event) => {
            event.preventDefault();
            modals.close(id);
            navigateTo('/subscription');
          }}
        >
          See bundled pricing
        </Anchor>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => modals.close(id)}>
            Close
          </Button>
          <Button
            onClick={() => {
              modals.close(id);
              openContactModal('PVRADAR + Sunfield');
            }}
          >
            Contact Us
          </Button>
        </Group>
      </Stack>
    ),
  });
}
