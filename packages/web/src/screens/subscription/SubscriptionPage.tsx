/**
 * /subscription (spec 1 §2; IT admins may open it): the company's plan and its state, what each tier
 * unlocks (domain tierTable, the features the server enforces), the billing provider's checkout and
 * self-service links when the operator configured them, and promotion-code redemption for the
 * company's admins and IT admins (POST PromotionCode/Redemption).
 */
import { useState, type FormEvent } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  BILLING_PERIOD,
  CHECKOUT_TIERS,
  SUBSCRIPTION_FEATURES,
  SUBSCRIPTION_LABEL,
  SUBSCRIPTION_TYPE,
  SUBSCRIPTION_STATE_LABEL,
  isAdmin,
  isITAdmin,
  isSuperAdmin,
  subscriptionState,
  tierTable,
  type SubscriptionFeatureId,
  type SubscriptionType,
} from '@sunfield/domain';
import { setCurrentUser, useCurrentUser } from '../../auth/hooks.ts';
import { formatDateTime as formatDate } from '../../lib/dates.ts';
import { splitFormErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { runtimeConfig } from '../../lib/runtimeConfig.ts';
import { openContactModal } from '../../shell/contactModal.tsx';
import { billingLink, redeemPromotionCode } from './api.ts';

const FEATURE_IDS = Object.keys(SUBSCRIPTION_FEATURES) as SubscriptionFeatureId[];
const STATE_COLORS = { active: 'teal', trialExpired: 'orange', inactive: 'gray' } as const;

function RedeemForm() {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setError('Enter a promotion code.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const answer = await redeemPromotionCode(code.trim());
      setCurrentUser(queryClient, answer.user);
      const company = answer.user.company;
      toast(
        `Promotion code ${answer.promotionCode.code} redeemed: ${SUBSCRIPTION_LABEL[company.subscriptionType as SubscriptionType]} until ${formatDate(company.freeTrialExpirationDate)}.`,
      );
      setCode('');
    } catch (failure) {
      const errors = splitFormErrors(failure, ['code']);
      setError(errors.fields.code ?? errors.general.join(' '));
    } finally {
      setSaving(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-start">
        <TextInput
          label="Promotion code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          maxLength={40}
          w={280}
        />
        <Button type="submit" loading={saving} mt={25}>
          Redeem
        </Button>
      </Group>
    </form>
  );
}

/** Choose a plan and a billing period, then go to the billing provider's checkout (new tab). */
function Checkout({ template, companyId }: { template: string; companyId: string }) {
  const [tier, setTier] = useState(String(SUBSCRIPTION_TYPE.Professional));
  const [period, setPeriod] = useState(String(BILLING_PERIOD.Annual));
  const href = billingLink(template, companyId, { tier: Number(tier), period: Number(period) }) ?? undefined;
  return (
    <>
      <Select
        label="Plan"
        data={CHECKOUT_TIERS.map((value) => ({ value: String(value), label: SUBSCRIPTION_LABEL[value] }))}
        value={tier}
        onChange={(value) => value && setTier(value)}
        allowDeselect={false}
        w={180}
      />
      <SegmentedControl
        aria-label="Billing period"
        value={period}
        onChange={setPeriod}
        data={[
          { value: String(BILLING_PERIOD.Monthly), label: 'Monthly' },
          { value: String(BILLING_PERIOD.Annual), label: 'Annual' },
        ]}
      />
      <Button component="a" href={href} target="_blank" rel="noopener noreferrer">
        Choose a plan
      </Button>
    </>
  );
}

export function SubscriptionPage() {
  usePageTitle('Subscription');
  const user = useCurrentUser();
  if (!user) return null;
  const company = user.company;
  const state = subscriptionState(company);
  const tier = company.subscriptionType as SubscriptionType;
  const canRedeem = isAdmin(user.roles) || isITAdmin(user.roles) || isSuperAdmin(user.roles);
  const billing = runtimeConfig().billing ?? {};
  const checkoutTemplate = billing.checkoutUrl ?? null;
  const portal = billingLink(billing.portalUrl, company.id);
  const rows = tierTable();

  return (
    <Stack maw={1000}>
      <Title order={2}>Subscription</Title>
      <Card withBorder>
        <Stack gap="xs">
          <Group>
            <Text fw={600}>{company.name}</Text>
            <Badge data-testid="current-tier">{SUBSCRIPTION_LABEL[tier] ?? 'Unknown'}</Badge>
            <Badge variant="light" color={STATE_COLORS[state]} data-testid="subscription-state">
              {SUBSCRIPTION_STATE_LABEL[state]}
            </Badge>
          </Group>
          {company.freeTrialExpirationDate && (
            <Text size="sm">
              Free trial {state === 'trialExpired' ? 'ended' : 'ends'}{' '}
              {formatDate(company.freeTrialExpirationDate)}
            </Text>
          )}
          <Text size="sm" c="dimmed">
            {user.professionalStatus
              ? 'Your plan includes the Pro features.'
              : user.premiumStatus
                ? 'Your plan includes runs and reports; the Pro features need a Professional plan or a free trial.'
                : 'Your company has no active subscription: predictions can be built but not run.'}
          </Text>
          {(checkoutTemplate || portal) && (
            <Group align="flex-end">
              {checkoutTemplate && <Checkout template={checkoutTemplate} companyId={company.id} />}
              {portal && (
                <Button
                  component="a"
                  href={portal}
                  target="_blank"
                  rel="noopener noreferrer"
                  variant="default"
                >
                  Manage billing
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Card>

      <Title order={3}>What each plan includes</Title>
      <Table striped withTableBorder aria-label="Plans and features">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Plan</Table.Th>
            {FEATURE_IDS.map((id) => (
              <Table.Th key={id}>{SUBSCRIPTION_FEATURES[id].label}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr
              key={`${row.tier}-${row.duringTrial}`}
              fw={row.tier === tier && !row.duringTrial ? 700 : undefined}
            >
              <Table.Td>{row.label}</Table.Td>
              {FEATURE_IDS.map((id) => (
                <Table.Td key={id} aria-label={row.features[id] ? 'included' : 'not included'}>
                  {row.features[id] ? '✓' : '—'}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        Building projects and predictions, the libraries of modules, inverters and weather, and company
        settings are included in every plan. A Free Trial ends on its date. Questions about plans:{' '}
        <Anchor component="button" type="button" onClick={() => openContactModal('Subscription')}>
          Contact Us
        </Anchor>
        .
      </Text>

      <Title order={3}>Promotion code</Title>
      {canRedeem ? (
        <RedeemForm />
      ) : (
        <Alert variant="light">Ask an administrator of your company to redeem a promotion code.</Alert>
      )}
    </Stack>
  );
}
