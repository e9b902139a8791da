/**
 * /user-profile/accessibility: the charts' colour palette (spec 1 §3 User.settings.colorPalette),
 * saved with the user's settings (POST /User/Settings {colorPalette}) and used by every chart at once.
 * A sample chart shows the choice before it is saved.
 */
import { useState } from 'react';
import { Button, ColorSwatch, Group, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { COLOR_PALETTES, COLOR_PALETTE_NAMES, type ColorPaletteName } from '@sunfield/domain';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { setCurrentUser, useCurrentUser } from '../../auth/hooks.ts';
import type { CurrentUser } from '../../auth/types.ts';
import { toast } from '../../lib/notify.ts';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { EChart } from '../weather/charts/EChart.tsx';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const SAMPLE_ENERGY = [92, 108, 141, 160, 176, 181, 184, 171, 148, 128, 98, 86];

/** A sample: energy bars, losses and gains, the PR line (the default colours of the results charts). */
function sampleOption() {
  const defaults = COLOR_PALETTES.default.colors;
  return {
    animation: false,
    legend: { top: 0 },
    grid: { left: 48, right: 48, top: 36, bottom: 28 },
    xAxis: { type: 'category', data: MONTHS },
    yAxis: [
      { type: 'value', name: 'MWh' },
      { type: 'value', name: 'PR %', min: 70, max: 90 },
    ],
    series: [
      { type: 'bar', name: 'Energy', data: SAMPLE_ENERGY, itemStyle: { color: defaults[0] } },
      {
        type: 'bar',
        name: 'Losses',
        data: SAMPLE_ENERGY.map((e) => Math.round(e * 0.12)),
        itemStyle: { color: defaults[1] },
      },
      {
        type: 'bar',
        name: 'Gains',
        data: SAMPLE_ENERGY.map((e) => Math.round(e * 0.03)),
        itemStyle: { color: defaults[2] },
      },
      {
        type: 'line',
        name: 'PR',
        yAxisIndex: 1,
        data: [84, 84, 83, 82, 81, 80, 80, 80, 81, 82, 83, 84],
        itemStyle: { color: defaults[3] },
      },
    ],
  };
}

const SAMPLE = sampleOption();

export function AccessibilityPage() {
  usePageTitle('Accessibility');
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const saved = user?.settings?.colorPalette ?? 'default';
  const [choice, setChoice] = useState<ColorPaletteName | null>(null);
  const [saving, setSaving] = useState(false);
  const current = choice ?? saved;
  if (!user) return null;

  const save = async () => {
    setSaving(true);
    try {
      const next = await api<CurrentUser>('/User/Settings', {
        method: 'POST',
        body: { colorPalette: current },
      });
      setCurrentUser(queryClient, next);
      setChoice(null);
      toast(`${next.firstName} ${next.lastName}'s data was saved.`);
    } catch {
      // the error notification says why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Paper withBorder p="lg" radius="md">
      <Stack>
        <Title order={2} size="h4">
          Chart colours
        </Title>
        <Text size="sm" c="dimmed">
          The colours of every chart: results, weather, modules and inverters. The colour-blind safe palettes
          keep series apart for the common colour-vision deficiencies.
        </Text>
        <Radio.Group
          label="Colour palette"
          value={current}
          onChange={(value) => setChoice(value as ColorPaletteName)}
        >
          <Stack gap="sm" mt="xs">
            {COLOR_PALETTE_NAMES.map((name) => {
              const palette = COLOR_PALETTES[name];
              return (
                <Radio
                  key={name}
                  value={name}
                  label={
                    <Group gap={6} wrap="nowrap">
                      <Text size="sm" fw={500}>
                        {palette.label}
                      </Text>
                      {palette.colors.slice(0, 8).map((color) => (
                        <ColorSwatch key={color} color={color} size={14} aria-hidden />
                      ))}
                    </Group>
                  }
                  description={palette.description}
                />
              );
            })}
          </Stack>
        </Radio.Group>
        <EChart option={SAMPLE} palette={current} label="Sample chart" height={240} />
        <Group justify="flex-end">
          <Button onClick={() => void save()} loading={saving} disabled={current === saved}>
            Save
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
