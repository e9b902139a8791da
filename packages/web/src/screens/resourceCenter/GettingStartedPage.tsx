/** /resource-center/getting-started: from a new project to a prediction's results, step by step. */
import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/pageTitle.ts';

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb={6}>
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

const to = (path: string, label: string) => (
  <Anchor component={Link} to={path}>
    {label}
  </Anchor>
);

export function GettingStartedPage() {
  usePageTitle('Getting Started');
  return (
    <Stack>
      <Text>
        A prediction goes project → prediction → plant → run → results. The demo company has one ready to run:
        the project <b>Demo: Greensboro, NC</b> and its prediction <b>Demo 2-block plant</b>.
      </Text>
      <Step title="1. Create a project">
        <Text size="sm">
          On {to('/', 'Projects')}, choose New Project, name it and pick its location on the map or type its
          latitude and longitude. The time zone, country and elevation are filled in from the location.
        </Text>
      </Step>
      <Step title="2. Choose the weather">
        <Text size="sm">
          The {to('/weather-library', 'weather library')} holds your company&apos;s weather files and the
          global ones. Import a TMY3, EPW, PVsyst or CSV file, download one from a vendor (NSRDB, Solcast,
          Solargis, Meteonorm, SolarAnywhere: the company&apos;s credentials are on its weather vendors page),
          or generate one. Choosing a weather file for a prediction sets its start and end to the file&apos;s
          dates.
        </Text>
      </Step>
      <Step title="3. Add a prediction">
        <Text size="sm">
          On the project page, add a prediction. Its overview takes the weather and the site design
          temperatures (ASHRAE: the 50-year minimum sets the longest string, the 99.6 % cooling temperature
          the inverter&apos;s kVA). Model Choices sets the transposition, decomposition, cell temperature,
          incidence angle, spectral and shading models (see {to('/resource-center/models', 'Models')}), and
          Environmental Conditions the monthly soiling and albedo.
        </Text>
      </Step>
      <Step title="4. Build the plant">
        <Text size="sm">The block-array builder nests the plant:</Text>
        <List size="sm">
          <List.Item>blocks (with their transformers), each with a repeater;</List.Item>
          <List.Item>arrays, with an optional array transformer and AC collection losses;</List.Item>
          <List.Item>inverters from the inverter library, with set point and DC:AC ratio;</List.Item>
          <List.Item>
            DC fields: module from the module library, modules per string, strings, rows, tilt or tracking,
            GCR and post height, with instant previews of the string window and a day of irradiance.
          </List.Item>
        </List>
        <Text size="sm">
          The quick edit shows the whole plant as one table; System adds the plant transformers, transmission
          lines, the interconnection limit and availability.
        </Text>
      </Step>
      <Step title="5. Run">
        <Text size="sm">
          Run saves the prediction and queues it; the {to('/prediction-log', 'Prediction Log')} and the badge
          beside it follow the queue. An hourly year of the demo plant runs in about a second.
        </Text>
      </Step>
      <Step title="6. Read the results">
        <Text size="sm">
          Results show the energy, specific yield, performance ratio and P-values, the loss waterfall, the
          months, each block, every hour (CSV and the 8760 workbook) and charts. Compare puts predictions side
          by side with the inputs that differ. Reports are generated as PDF and Excel files.
        </Text>
      </Step>
      <Step title="7. Share and move work">
        <Text size="sm">
          Statuses (Draft-Private, Draft-Shared, Analysis, Bid, Contract…) say who sees a prediction and make
          it read-only once it leaves draft; change them with Change Status. A project moves between companies
          as one file: Export on the project page, Import Project on the projects list; predictions can also
          be imported into an existing project.
        </Text>
      </Step>
    </Stack>
  );
}
