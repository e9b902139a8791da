/** The live password strength checklist (spec 1 §5) with the messages of domain passwordProblems. */
import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { PASSWORD_MESSAGES, passwordProblems } from '@sunfield/domain';

const RULES = [
  PASSWORD_MESSAGES.length,
  PASSWORD_MESSAGES.uppercase,
  PASSWORD_MESSAGES.number,
  PASSWORD_MESSAGES.special,
];

export function PasswordChecklist({ password }: { password: string }) {
  const problems = new Set(passwordProblems(password));
  return (
    <List spacing={2} size="sm" center aria-label="Password requirements">
      {RULES.map((rule) => {
        const met = !problems.has(rule);
        return (
          <List.Item
            key={rule}
            data-met={met}
            icon={
              <ThemeIcon color={met ? 'teal' : 'gray'} size={16} radius="xl" aria-hidden>
                <Text size="xs" lh={1} c="white">
                  {met ? '✓' : '·'}
                </Text>
              </ThemeIcon>
            }
          >
            <Text size="sm" c={met ? 'teal.8' : 'dimmed'}>
              {rule}
              <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
            </Text>
          </List.Item>
        );
      })}
    </List>
  );
}
