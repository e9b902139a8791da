/**
 * The promotion codes (super admins): code, tier, duration, redemptions and expiry; a form makes a
 * new one (POST /PromotionCode). Company admins redeem them on the subscription page.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, NumberInput, Select, Stack, Table, TextInput } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SUBSCRIPTION_LABEL, TIER_ORDER, type SubscriptionType } from '@sunfield/domain';
import { formatDateTime } from '../../lib/dates.ts';
import { splitFormErrors, type FormErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/notify.ts';
import { createPromotionCode, listPromotionCodes } from '../subscription/api.ts';
import { accountKeys, isoFromDateInput } from './keys.ts';

const FIELDS = ['code', 'subscriptionType', 'durationDays', 'maxRedemptions', 'expiresAt'] as const;
const TIERS = TIER_ORDER.filter((tier) => tier !== 0).map((tier) => ({
  value: String(tier),
  label: SUBSCRIPTION_LABEL[tier],
}));

export function PromotionCodesPanel() {
  const queryClient = useQueryClient();
  const codes = useQuery({
    queryKey: accountKeys.codes,
    queryFn: ({ signal }) => listPromotionCodes(signal),
  });
  const [code, setCode] = useState('');
  const [tier, setTier] = useState('6');
  const [days, setDays] = useState<number | string>(30);
  const [max, setMax] = useState<number | string>(10);
  const [expires, setExpires] = useState('');
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: [] });
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const made = await createPromotionCode({
        code: code.trim(),
        subscriptionType: Number(tier),
        durationDays: Number(days),
        maxRedemptions: Number(max),
        expiresAt: isoFromDateInput(expires),
      });
      toast(`${made.code} was created`);
      setErrors({ fields: {}, general: [] });
      setCode('');
      await queryClient.invalidateQueries({ queryKey: accountKeys.codes });
    } catch (error) {
      setErrors(splitFormErrors(error, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack>
      <form onSubmit={submit} noValidate aria-label="New promotion code">
        <Group align="flex-start">
          <TextInput
            label="Code"
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={errors.fields.code}
            maxLength={40}
            w={200}
          />
          <Select
            label="Tier"
            data={TIERS}
            value={tier}
            onChange={(value) => value && setTier(value)}
            allowDeselect={false}
            error={errors.fields.subscriptionType}
            w={170}
          />
          <NumberInput
            label="Duration (days)"
            value={days}
            onChange={setDays}
            min={1}
            max={3650}
            allowDecimal={false}
            error={errors.fields.durationDays}
            w={130}
          />
          <NumberInput
            label="Max redemptions"
            value={max}
            onChange={setMax}
            min={1}
            max={100000}
            allowDecimal={false}
            error={errors.fields.maxRedemptions}
            w={140}
          />
          <TextInput
            type="date"
            label="Expires"
            value={expires}
            onChange={(e) => setExpires(e.currentTarget.value)}
            error={errors.fields.expiresAt}
            w={160}
          />
          <Button type="submit" loading={saving} mt={25}>
            Create Code
          </Button>
        </Group>
        {errors.general.length > 0 && (
          <Alert color="red" variant="light" role="alert" mt="xs">
            {errors.general.join(' ')}
          </Alert>
        )}
      </form>
      <Table striped verticalSpacing="xs" aria-label="Promotion codes">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Code</Table.Th>
            <Table.Th>Tier</Table.Th>
            <Table.Th>Duration (days)</Table.Th>
            <Table.Th>Redemptions</Table.Th>
            <Table.Th>Expires</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(codes.data ?? []).map((row) => (
            <Table.Tr key={row.id} data-testid={`code-row-${row.code}`}>
              <Table.Td>{row.code}</Table.Td>
              <Table.Td>{SUBSCRIPTION_LABEL[row.subscriptionType as SubscriptionType]}</Table.Td>
              <Table.Td>{row.durationDays}</Table.Td>
              <Table.Td>
                {row.redemptionCount} / {row.maxRedemptions}
              </Table.Td>
              <Table.Td>{row.expiresAt ? formatDateTime(row.expiresAt) : 'Never'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}
