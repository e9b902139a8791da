/**
 * Add, clone and remove at each level of the plant (block, array, inverter, DC field), acting on the
 * selected path: add puts a new node under the selected parent, clone and remove act on the selected
 * node of that level. Add and clone are off when every name of the level is taken (1–100, A–Z).
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import type { PowerPlant } from '../model/types.ts';
import { LEVELS, LEVEL_NAMES, nextFreeName, nodeAt, siblingsAt, type Selection } from './model/plantEdit.ts';

export type TreeAction = 'add' | 'clone' | 'remove';

export interface TreeToolbarProps {
  plant: PowerPlant;
  selection: Selection | null;
  disabled: boolean;
  onAction: (action: TreeAction, depth: number) => void;
}

export function TreeToolbar({ plant, selection, disabled, onAction }: TreeToolbarProps) {
  return (
    <Stack gap={6}>
      {LEVELS.map((level, depth) => {
        const name = LEVEL_NAMES[level];
        const lower = level === 'dcField' ? name : name.toLowerCase();
        const parentPath = selection ? selection.path.slice(0, depth) : [];
        const parentExists = depth === 0 || (parentPath.length === depth && !!nodeAt(plant, parentPath));
        const path = selection && selection.path.length > depth ? selection.path.slice(0, depth + 1) : null;
        const exists = !!path && !!nodeAt(plant, path);
        const free = parentExists && nextFreeName(level, siblingsAt(plant, [...parentPath, 0])) !== null;
        return (
          <Group key={level} gap={6} wrap="nowrap" justify="space-between">
            <Text size="sm" w={64}>
              {name}
            </Text>
            <Group gap={4} wrap="nowrap">
              <Button
                size="compact-xs"
                variant="light"
                aria-label={`Add ${lower}`}
                disabled={disabled || !parentExists || !free}
                onClick={() => onAction('add', depth)}
              >
                Add
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                aria-label={`Clone ${lower}`}
                disabled={disabled || !exists || !free}
                onClick={() => onAction('clone', depth)}
              >
                Clone
              </Button>
              <Button
                size="compact-xs"
                variant="default"
                color="red"
                aria-label={`Remove ${lower}`}
                disabled={disabled || !exists}
                onClick={() => onAction('remove', depth)}
              >
                Remove
              </Button>
            </Group>
          </Group>
        );
      })}
    </Stack>
  );
}
