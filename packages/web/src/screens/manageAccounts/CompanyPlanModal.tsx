/**
 * Create a company (POST /Company) or change a company's plan and flags (PUT /Company/{id}, super
 * admins): tier, active, alpha tester, PVRADAR extension, free-trial expiry. Field errors of the
 * answer show under their fields.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, Group, Select, Stack, TextInput } from '@mantine/core';
import { SUBSCRIPTION_LABEL, TIER_ORDER } from '@sunfield/domain';
import { splitFormErrors, type FormErrors } from '../../lib/formErrors.ts';
import { toast } from '../../lib/notify.ts';
import { AppModal } from '../../shell/AppModal.tsx';
import { createCompany, updateCompanyPlan, type CompanyAccount } from '../subscription/api.ts';
import { dateInputValue, isoFromDateInput } from './keys.ts';

const FIELDS = [
  'name',
  'subscriptionType',
  'isSubscriptionActive',
  'isAlphaTester',
  'allowPVRADARExtension',
  'freeTrialExpirationDate',
] as const;
const TIER_OPTIONS = TIER_ORDER.map((tier) => ({
  value: String(tier),
  label: tier === 5 ? `${SUBSCRIPTION_LABEL[tier]} (Strategic)` : SUBSCRIPTION_LABEL[tier],
}));

export function CompanyPlanModal({
  company,
  onClose,
  onSaved,
}: {
  /** null: a new company */
  company: CompanyAccount | null;
  onClose(): void;
  onSaved(): void;
}) {
  const [name, setName] = useState('');
  const [tier, setTier] = useState(String(company?.subscriptionType ?? 6));
  const [active, setActive] = useState(company ? company.subscriptionState !== 'inactive' : true);
  const [alpha, setAlpha] = useState(company?.isAlphaTester ?? false);
  const [pvradar, setPvradar] = useState(company?.allowPVRADARExtension ?? false);
  const [expiry, setExpiry] = useState(dateInputValue(company?.freeTrialExpirationDate));
  const [errors, setErrors] = useState<FormErrors>({ fields: {}, general: [] });
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const plan = {
      subscriptionType: Number(tier),
      isSubscriptionActive: active,
      isAlphaTester: alpha,
      allowPVRADARExtension: pvradar,
      freeTrialExpirationDate: isoFromDateInput(expiry),
    };
    if (!company && !name.trim()) {
      setErrors({ fields: { name: 'Company name is required.' }, general: [] });
      return;
    }
    setSaving(true);
    try {
      if (company) {
        await updateCompanyPlan(company.id, plan);
        toast(`${company.name} was saved`);
      } else {
        const made = await createCompany({ name: name.trim(), ...plan });
        toast(`${made.name} was created`);
      }
      onSaved();
    } catch (error) {
      setErrors(splitFormErrors(error, FIELDS));
    } finally {
      setSaving(false);
    }
  };

  return (
    <AppModal
      opened
      onClose={onClose}
      title={company ? `Edit ${company.name}` : 'Create Company'}
      size="small"
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {errors.general.length > 0 && (
            <Alert color="red" variant="light" role="alert">
              {errors.general.join(' ')}
            </Alert>
          )}
          {!company && (
            <TextInput
              label="Company name"
              required
              value={name}
              maxLength={200}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.fields.name}
            />
          )}
          <Select
            label="Tier"
            data={TIER_OPTIONS}
            value={tier}
            onChange={(value) => value && setTier(value)}
            allowDeselect={false}
            error={errors.fields.subscriptionType}
          />
          <Checkbox
            label="Subscription active"
            checked={active}
            onChange={(e) => setActive(e.currentTarget.checked)}
          />
          <Checkbox
            label="Alpha tester"
            checked={alpha}
            onChange={(e) => setAlpha(e.currentTarget.checked)}
          />
          <Checkbox
            label="PVRADAR extension"
            checked={pvradar}
            onChange={(e) => setPvradar(e.currentTarget.checked)}
          />
          <TextInput
            type="date"
            label="Free trial ends"
            description="A Free Trial ends on this day; for Individual and Business it is the end of the Pro trial."
            value={expiry}
            onChange={(e) => setExpiry(e.currentTarget.value)}
            error={errors.fields.freeTrialExpirationDate}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {company ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </AppModal>
  );
}
