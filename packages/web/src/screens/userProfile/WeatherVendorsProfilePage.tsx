/**
 * /user-profile/weather-vendors: the weather-vendor accounts the user's downloads use. Credentials
 * belong to the company (spec 1 §1: company admins set them; there are none per user), so this page
 * shows the company's, masked as the server answers them: admins and IT admins of the company edit
 * them here as on the company page, everyone else sees which vendors are set up. NSRDB and Solcast
 * downloads fall back to the installation's own key when the company has none.
 */
import { Anchor, Stack, Text } from '@mantine/core';
import { WEATHER_VENDOR_FORMS } from '@sunfield/domain';
import { Link } from 'react-router';
import { useCurrentUser } from '../../auth/hooks.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { VendorCard } from '../company/WeatherVendorsPage.tsx';
import { canEditCompanySettings } from '../company/model.ts';

export function WeatherVendorsProfilePage() {
  usePageTitle('Weather Vendors');
  const user = useCurrentUser();
  if (!user) return null;
  const canEdit = canEditCompanySettings(user, user.companyId);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        Weather downloads use the accounts of your company, {user.company?.name}. Keys and passwords are
        stored encrypted and shown only by their last characters.{' '}
        {canEdit ? (
          <>
            They are also on the{' '}
            <Anchor component={Link} to={`/companies/${user.companyId}/default-settings/weather-vendors`}>
              company&apos;s weather vendors page
            </Anchor>
            .
          </>
        ) : (
          'Ask an admin of your company to set up a vendor.'
        )}
      </Text>
      {WEATHER_VENDOR_FORMS.map((form) => (
        <VendorCard key={form.vendor} companyId={user.companyId} form={form} canEdit={canEdit} />
      ))}
    </Stack>
  );
}
