/**
 * The main navigation (spec 1 §2): items by role from navItems.ts, menu clicks tracked by name,
 * the Prediction Log badge, favourite and recent predictions from local storage, and the Pro tools
 * behind the Pro-feature check.
 */
import { Badge, NavLink, ScrollArea, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { useCurrentUser } from '../auth/hooks.ts';
import { track } from '../lib/analytics.ts';
import { toast } from '../lib/notify.ts';
import { predictionOverviewPath, usePredictionList } from '../lib/recentPredictions.ts';
import { useStore } from '../lib/store.ts';
import { runningPredictionCount } from '../realtime/index.ts';
import { useUserQueue } from '../realtime/queue.ts';
import { EXTERNAL_LABELS, openExternalTool } from './externalLinks.ts';
import { navigationFor, type NavItem } from './navItems.ts';
import { requireProFeature } from './subscriptionDialog.tsx';

function isActive(to: string, pathname: string): boolean {
  if (to === '/')
    return pathname === '/' || pathname.startsWith('/projects') || pathname.startsWith('/create-project');
  return pathname === to || pathname.startsWith(`${to}/`);
}

function PredictionList({
  item,
  onNavigate,
}: {
  item: Extract<NavItem, { kind: 'predictions' }>;
  onNavigate(): void;
}) {
  const user = useCurrentUser();
  const list = usePredictionList(item.list, user?.id);
  return (
    <NavLink label={item.label} childrenOffset={12} onClick={() => track(`menu:${item.id}`)}>
      {list.length === 0 ? (
        <Text size="xs" c="dimmed" px="sm" py={4}>
          {item.list === 'favorite' ? 'No favorite predictions yet' : 'No recent predictions yet'}
        </Text>
      ) : (
        list.map((entry) => (
          <NavLink
            key={entry.id}
            component={Link}
            to={predictionOverviewPath(entry)}
            label={entry.name}
            onClick={() => {
              track(`menu:${item.id}:open`);
              onNavigate();
            }}
          />
        ))
      )}
    </NavLink>
  );
}

function Item({ item, onNavigate }: { item: NavItem; onNavigate(): void }) {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const running = useStore(runningPredictionCount);
  switch (item.kind) {
    case 'link':
    case 'route':
      return (
        <NavLink
          component={Link}
          to={item.to}
          label={item.label}
          active={item.kind === 'link' && isActive(item.to, pathname)}
          rightSection={
            item.kind === 'link' && item.badge ? (
              <Badge
                size="sm"
                circle
                variant={running ? 'filled' : 'light'}
                aria-label={`${running} running predictions`}
              >
                {running}
              </Badge>
            ) : undefined
          }
          onClick={() => {
            track(`menu:${item.id}`);
            onNavigate();
          }}
        />
      );
    case 'group':
      return (
        <NavLink label={item.label} defaultOpened childrenOffset={12}>
          {item.children.map((child) => (
            <Item key={child.id} item={child} onNavigate={onNavigate} />
          ))}
        </NavLink>
      );
    case 'predictions':
      return <PredictionList item={item} onNavigate={onNavigate} />;
    case 'tool':
      return (
        <NavLink
          component="button"
          label={item.label}
          onClick={() => {
            track(`menu:${item.id}`);
            if (item.pro && !requireProFeature(user, item.id)) return;
            if (!openExternalTool(item.tool))
              toast(`${EXTERNAL_LABELS[item.tool]} is not configured for this installation.`);
          }}
        />
      );
  }
}

export function MainNav({ onNavigate }: { onNavigate(): void }) {
  const user = useCurrentUser();
  // Feeds the running-predictions badge; polls only while the hub is down (realtime/queue.ts).
  useUserQueue(Boolean(user));
  return (
    <ScrollArea h="100%" p="xs">
      <nav aria-label="Main navigation">
        {navigationFor(user?.roles).map((item) => (
          <Item key={item.id} item={item} onNavigate={onNavigate} />
        ))}
      </nav>
    </ScrollArea>
  );
}
