/**
 * What the weather's time stamps mark (interval end, beginning, middle, or instantaneous values), as
 * a select on an editable weather: the sun of every run moves with it (issue 17). The reader's own
 * choice stays visible below when the user has overridden it.
 */
import { Select } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { TOAST } from '@sunfield/domain';
import { toast } from '../../../lib/notify.ts';
import { updateWeather } from '../api.ts';
import { TIMESTAMP_DEFINITIONS, timestampDefinitionLabel } from '../model/format.ts';
import type { Weather } from '../model/types.ts';
import { useWeatherCache } from '../queries.ts';

export function TimestampSelect({ weather }: { weather: Weather }) {
  const cache = useWeatherCache();
  const save = useMutation({
    mutationFn: (id: number) => updateWeather(weather.id, { timestampDefinition: id }),
    onSuccess: () => {
      toast(TOAST.saved(weather.name));
      cache.changed(weather.id);
    },
  });
  const original = weather.timestampDefinitionOriginal;
  const overridden = !!original && original !== weather.timestampDefinition;
  return (
    <Select
      label="Time stamps"
      size="xs"
      data={TIMESTAMP_DEFINITIONS}
      value={weather.timestampDefinition ? String(weather.timestampDefinition) : null}
      onChange={(value) => value && save.mutate(Number(value))}
      allowDeselect={false}
      disabled={save.isPending}
      description={overridden ? `File: ${timestampDefinitionLabel(original)}` : undefined}
      data-testid="weather-timestamp-definition"
    />
  );
}
