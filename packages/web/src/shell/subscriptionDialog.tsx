/**
 * The subscription dialog (spec 1 §2): the general case ('active subscribers', Learn More to the
 * subscription page) and the Pro-required case ('Pro subscribers'); Contact Us in both. On close it
 * can go to a route; with params the dirty-form flag is cleared first.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { generatePath } from 'react-router';
import { track } from '../lib/analytics.ts';
import { markFormClean } from '../lib/dirtyForm.ts';
import { navigateTo } from '../lib/navigation.ts';
import { openContactModal } from './contactModal.tsx';
import { hasActiveSubscription, hasProAccess, type AccessUser } from './access.ts';

export const GENERAL_SUBSCRIPTION_TEXT = 'This feature is only available for active subscribers :(';
export const PRO_SUBSCRIPTION_TEXT = 'This feature is only available for Pro subscribers :(';

export interface SubscriptionDialogOptions {
  proRequired?: boolean;
  /** A route pattern to open when the dialog closes, e.g. '/projects/:projectID'. */
  redirectTo?: string;
  redirectParams?: Record<string, string>;
}

export function openSubscriptionDialog(options: SubscriptionDialogOptions = {}): void {
  let leaving = false;
  const id = modals.open({
    title: options.proRequired ? 'Upgrade to Pro' : 'Subscription required',
    centered: true,
    onClose: () => {
      if (leaving || !options.redirectTo) return;
      if (options.redirectParams) markFormClean();
      navigateTo(generatePath(options.redirectTo, options.redirectParams ?? {}));
    },
    children: (
      <Stack>
        <Text fw={600}>{options.proRequired ? PRO_SUBSCRIPTION_TEXT : GENERAL_SUBSCRIPTION_TEXT}</Text>
        <Text size="sm" c="dimmed">
          {options.proRequired
            ? 'Contact us and we will email you an offer to upgrade your plan to Pro.'
            : 'See the plans on the subscription page, or contact us about a subscription.'}
        </Text>
        <Group justify="flex-end">
          <Button
            variant="default"
            onClick={() => {
              leaving = true;
              modals.close(id);
              openContactModal(options.proRequired ? 'Upgrade to Pro' : 'Subscription');
            }}
          >
            Contact Us
          </Button>
          {!options.proRequired && (
            <Button
              onClick={() => {
                leaving = true;
                modals.close(id);
                navigateTo('/subscription');
              }}
            >
              Learn More
            </Button>
          )}
        </Group>
      </Stack>
    ),
  });
}

/** The Pro-feature check: true for professional and free-trial users, else opens the Pro dialog. */
export function requireProFeature(user: AccessUser | null | undefined, feature?: string): boolean {
  if (hasProAccess(user)) return true;
  if (feature) track(`pro-feature-blocked:${feature}`);
  openSubscriptionDialog({ proRequired: true });
  return false;
}

/** The general check: true with an active subscription, else opens the general dialog. */
export function requireActiveSubscription(user: AccessUser | null | undefined): boolean {
  if (hasActiveSubscription(user)) return true;
  openSubscriptionDialog();
  return false;
}
