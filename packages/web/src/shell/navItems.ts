/**
 * The main navigation by role (spec 1 §2 Main navigation; pure, unit-tested). IT admins see only
 * Subscription; everybody else sees the full menu.
 */
import { isITAdmin, type RoleList } from '@sunfield/domain';
import type { ExternalTool } from './externalLinks.ts';

export type NavItem =
  | { kind: 'link'; id: string; label: string; to: string; badge?: 'runningPredictions' }
  | { kind: 'group'; id: string; label: string; children: NavItem[] }
  | {
      kind: 'predictions';
      id: 'favoritePredictions' | 'recentPredictions';
      label: string;
      list: 'favorite' | 'recent';
    }
  | { kind: 'tool'; id: string; label: string; tool: ExternalTool; pro: boolean }
  | { kind: 'route'; id: string; label: string; to: string };

const SUBSCRIPTION: NavItem = {
  kind: 'link',
  id: 'subscription',
  label: 'Subscription',
  to: '/subscription',
};

export const FULL_NAVIGATION: readonly NavItem[] = [
  { kind: 'link', id: 'projects', label: 'Projects', to: '/' },
  {
    kind: 'group',
    id: 'componentLibraries',
    label: 'Component Libraries',
    children: [
      { kind: 'link', id: 'weather', label: 'Weather', to: '/weather-library' },
      { kind: 'link', id: 'inverters', label: 'Inverters', to: '/inverter-library' },
      { kind: 'link', id: 'modules', label: 'Modules', to: '/module-library' },
    ],
  },
  { kind: 'predictions', id: 'favoritePredictions', label: 'Favorite Predictions', list: 'favorite' },
  { kind: 'predictions', id: 'recentPredictions', label: 'Recent Predictions', list: 'recent' },
  {
    kind: 'link',
    id: 'predictionLog',
    label: 'Prediction Log',
    to: '/prediction-log',
    badge: 'runningPredictions',
  },
  { kind: 'link', id: 'resources', label: 'Resources', to: '/resource-center' },
  SUBSCRIPTION,
  {
    kind: 'group',
    id: 'proTools',
    label: 'Pro Tools',
    children: [
      { kind: 'tool', id: 'designPro', label: 'Design Pro', tool: 'designPro', pro: true },
      { kind: 'tool', id: 'voltagePro', label: 'Voltage Pro', tool: 'voltagePro', pro: true },
      { kind: 'tool', id: 'terrainPro', label: 'Terrain Pro', tool: 'terrainPro', pro: true },
      // The /pvradar route: the guard opens the platform or the unlock modal.
      { kind: 'route', id: 'pvradar', label: 'PVRADAR', to: '/pvradar' },
    ],
  },
];

export function navigationFor(roles: RoleList | null | undefined): readonly NavItem[] {
  return isITAdmin(roles) ? [SUBSCRIPTION] : FULL_NAVIGATION;
}

/** Every label of a navigation, groups first then their children (for tests and search). */
export function navigationLabels(items: readonly NavItem[]): string[] {
  return items.flatMap((item) =>
    item.kind === 'group' ? [item.label, ...navigationLabels(item.children)] : [item.label],
  );
}
