/**
 * The iam tab: glazing, the ASHRAE b0 with 'Use default' (GET /Module/DefaultIAM fills the tabular
 * IAM and the Sandia b0–b5), the Sandia coefficients, and the tabular IAM as a table and a chart.
 */
import {
  Button,
  Group,
  NumberInput,
  Paper,
  ScrollArea,
  SimpleGrid,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { getDefaultIam } from '../api.ts';
import { EChart, type ChartOption } from '../components/EChart.tsx';
import { FieldGroups } from '../components/FieldGroups.tsx';
import { IAM_OPTICS_GROUPS, SANDIA_IAM_FIELDS } from '../model/fields.ts';
import type { IamFactor, ModuleRecord } from '../model/types.ts';

interface Props {
  module: ModuleRecord;
  onChange: (path: string, value: unknown) => void;
  onPatch: (patch: Partial<ModuleRecord>) => void;
  readOnly: boolean;
  errors: Record<string, string>;
}

export function IamTab({ module, onChange, onPatch, readOnly, errors }: Props) {
  const factors = (Array.isArray(module.iamFactors) ? module.iamFactors : []) as IamFactor[];
  const b0 = typeof module.ashraeiamB0 === 'number' ? module.ashraeiamB0 : null;
  const loadDefault = useMutation({
    mutationFn: () => getDefaultIam(b0),
    onSuccess: (iam) => {
      onPatch({
        iamFactors: iam.tabularIAM,
        sandiaIAMB0: iam.sandiaIAMB0,
        sandiaIAMB1: iam.sandiaIAMB1,
        sandiaIAMB2: iam.sandiaIAMB2,
        sandiaIAMB3: iam.sandiaIAMB3,
        sandiaIAMB4: iam.sandiaIAMB4,
        sandiaIAMB5: iam.sandiaIAMB5,
        useDefaultSandiaIAM: true,
        useDefaultTabularIAM: true,
      });
    },
  });
  const chart: ChartOption = {
    tooltip: { trigger: 'axis' },
    grid: { left: 55, right: 20, top: 20, bottom: 45 },
    xAxis: { type: 'value', name: 'Incidence angle [°]', nameLocation: 'middle', nameGap: 28, max: 90 },
    yAxis: { type: 'value', name: 'IAM factor', nameLocation: 'middle', nameGap: 40, min: 0 },
    series: [{ name: 'IAM', type: 'line', data: factors.map((f) => [f.incidenceAngle, f.factor]) }],
  };
  return (
    <>
      <FieldGroups
        groups={IAM_OPTICS_GROUPS}
        module={module}
        onChange={onChange}
        readOnly={readOnly}
        errors={errors}
      />
      <Paper withBorder p="md" mt="md">
        <Title order={4} mb="sm">
          Incidence angle modifier
        </Title>
        <Group align="flex-end">
          <NumberInput
            label="ASHRAE b0"
            value={b0 ?? ''}
            onChange={(next) => onChange('ashraeiamB0', typeof next === 'number' ? next : null)}
            readOnly={readOnly}
            error={errors.ashraeiamB0}
            min={0}
            max={1}
            decimalScale={6}
            hideControls
            w={160}
          />
          <Button onClick={() => loadDefault.mutate()} loading={loadDefault.isPending} disabled={readOnly}>
            Use default
          </Button>
          <Switch
            label="Use default Sandia IAM"
            checked={module.useDefaultSandiaIAM === true}
            disabled={readOnly}
            onChange={(event) => onChange('useDefaultSandiaIAM', event.currentTarget.checked)}
          />
          <Switch
            label="Use default tabular IAM"
            checked={module.useDefaultTabularIAM === true}
            disabled={readOnly}
            onChange={(event) => onChange('useDefaultTabularIAM', event.currentTarget.checked)}
          />
        </Group>
        <Title order={5} mt="md" mb="xs">
          Sandia IAM coefficients
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
          {SANDIA_IAM_FIELDS.map((field) => (
            <NumberInput
              key={field.path}
              label={field.label}
              value={typeof module[field.path] === 'number' ? (module[field.path] as number) : ''}
              onChange={(next) => onChange(field.path, typeof next === 'number' ? next : null)}
              readOnly={readOnly}
              decimalScale={12}
              hideControls
            />
          ))}
        </SimpleGrid>
      </Paper>
      <SimpleGrid cols={{ base: 1, lg: 2 }} mt="md">
        <Paper withBorder p="md">
          <Title order={5} mb="xs">
            Tabular IAM
          </Title>
          {factors.length ? (
            <ScrollArea h={300}>
              <Table aria-label="Tabular IAM" striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Incidence angle [°]</Table.Th>
                    <Table.Th>Factor</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {factors.map((f, index) => (
                    <Table.Tr key={index}>
                      <Table.Td>{f.incidenceAngle}</Table.Td>
                      <Table.Td>{f.factor.toFixed(4)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollArea>
          ) : (
            <Text c="dimmed" size="sm">
              No tabular IAM. Choose Use default to compute it from the ASHRAE b0.
            </Text>
          )}
        </Paper>
        <Paper withBorder p="xs">
          <EChart label="IAM against incidence angle" option={chart} height={330} />
        </Paper>
      </SimpleGrid>
    </>
  );
}
