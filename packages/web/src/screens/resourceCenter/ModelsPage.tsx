/**
 * /resource-center/models: each model of the engine with its equation and the paper it comes from
 * (models.ts), grouped in the order of the calculation chain, with a search over titles and texts.
 */
import { useState } from 'react';
import { Code, List, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { usePageTitle } from '../../lib/pageTitle.ts';
import { MODEL_GROUPS, type ModelEntry } from './models.ts';

function Model({ model }: { model: ModelEntry }) {
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={model.title} id={model.id}>
      <Title order={4} size="h5">
        {model.title}
      </Title>
      <Text size="sm" mt={4}>
        {model.text}
      </Text>
      <Stack gap={4} my="xs">
        {model.equations.map((equation) => (
          <Code key={equation} block>
            {equation}
          </Code>
        ))}
      </Stack>
      <Text size="xs" fw={600}>
        References
      </Text>
      <List size="xs" spacing={2}>
        {model.references.map((reference) => (
          <List.Item key={reference}>{reference}</List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt={4}>
        Engine source: packages/engine/src/{model.source}
      </Text>
    </Paper>
  );
}

export function ModelsPage() {
  usePageTitle('Models');
  const [search, setSearch] = useState('');
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  const matches = (model: ModelEntry) => {
    const text = `${model.title} ${model.text} ${model.references.join(' ')}`.toLowerCase();
    return words.every((word) => text.includes(word));
  };
  const groups = MODEL_GROUPS.map((group) => ({ ...group, models: group.models.filter(matches) })).filter(
    (group) => group.models.length > 0,
  );
  return (
    <Stack>
      <Text size="sm">
        The models of a prediction run, in the order the engine applies them: the sun, the irradiance on the
        modules, shading, optics and spectrum, the module&apos;s temperature and power, the inverter and the
        plant. Each is chosen on the prediction&apos;s Model Choices page or on the DC field.
      </Text>
      <TextInput
        type="search"
        aria-label="Search models"
        placeholder="Search models"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      {groups.length === 0 && <Text c="dimmed">No model matches the search.</Text>}
      {groups.map((group) => (
        <Stack key={group.title} gap="sm">
          <Title order={3} size="h4">
            {group.title}
          </Title>
          {group.models.map((model) => (
            <Model key={model.id} model={model} />
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
