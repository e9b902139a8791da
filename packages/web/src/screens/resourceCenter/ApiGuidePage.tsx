/**
 * /resource-center/api-guide: how scripts use the Sunfield API: credentials from the profile, the
 * token call, the main routes of a prediction's round trip, and the interactive reference at
 * /api/docs (the server's OpenAPI document).
 */
import { Anchor, Code, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle.ts';

const ROUTES: readonly [string, string][] = [
  ['POST /api/Project', 'create a project: {name, latitude, longitude} → {id}'],
  ['POST /api/Project/{projectId}/Prediction', 'create a prediction → {id}'],
  ['POST /api/Project/{projectId}/Prediction/{id}/PowerPlant', 'create or replace its plant'],
  ['POST /api/Project/{projectId}/Prediction/{id}/Run', 'queue a run → {id, processingStatus: 1}'],
  [
    'GET /api/Project/{projectId}/Prediction/{id}',
    'processingStatus: 1 queued, 2 running, 3 success, 4 error',
  ],
  ['GET /api/Project/{projectId}/Prediction/{id}/ResultSummary', 'the yearly energy and P-values'],
  ['GET /api/Project/{projectId}/Prediction/{id}/ResultDetails', 'hourly, daily, monthly and yearly rows'],
  [
    'GET /api/Project/{projectId}/Prediction/{id}/NodalJson',
    'the series of a block, array, inverter or DC field',
  ],
  ['GET /api/Project/{id}/Export, POST /api/Project/Import', 'a project with its predictions as one file'],
];

const TOKEN_EXAMPLE = `curl -s -X POST $SUNFIELD/api/oauth2/token \\
  -d grant_type=client_credentials -d client_id=$CLIENT_ID -d client_secret=$CLIENT_SECRET
# → {"access_token": "…", "token_type": "Bearer", "expires_in": 3600}
curl -s $SUNFIELD/api/Project -H "Authorization: Bearer $TOKEN"`;

export function ApiGuidePage() {
  usePageTitle('API Guide');
  return (
    <Stack>
      <Text>
        Everything the app does goes through the Sunfield API, and scripts can call it too. Its routes and
        field names are those of the public API of the product Sunfield rebuilds, so scripts written for that
        API work by changing the base address and the credentials.
      </Text>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb={6}>
          Reference
        </Title>
        <Text size="sm">
          Every route, with its parameters, bodies and answers, and a way to try it:{' '}
          <Anchor href="/api/docs" target="_blank" rel="noopener noreferrer">
            the API reference (/api/docs)
          </Anchor>
          .
        </Text>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb={6}>
          Signing in from a script
        </Title>
        <Text size="sm" mb="xs">
          Generate a client id and secret on your{' '}
          <Anchor component={Link} to="/user-profile/about-user">
            profile
          </Anchor>{' '}
          (Generate API Credentials), exchange them for a bearer token (OAuth 2.0 client credentials), and
          send the token with every call. A token lasts an hour; ask for a new one when it expires.
        </Text>
        <Code block>{TOKEN_EXAMPLE}</Code>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb={6}>
          A prediction&apos;s round trip
        </Title>
        <Table aria-label="Main API routes" withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Call</Table.Th>
              <Table.Th>What it does</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ROUTES.map(([call, what]) => (
              <Table.Tr key={call}>
                <Table.Td>
                  <Code>{call}</Code>
                </Table.Td>
                <Table.Td>{what}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb={6}>
          Rules every call follows
        </Title>
        <Text size="sm">
          Names match ignoring case and underscores; an update changes only what it sends (null clears a
          field); every number has its physical range, and a refusal is a 400 with{' '}
          <Code>{'{message, modelState: {field: [reason]}}'}</Code>; warnings come in the x-message header.
          You see only your company&apos;s data: another company&apos;s ids answer 404.
        </Text>
      </Paper>
    </Stack>
  );
}
