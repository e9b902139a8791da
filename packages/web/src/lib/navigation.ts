/**
 * Navigation from outside React components (modal callbacks, API hooks). The router registers
 * itself at start; until then navigation falls back to a full page load.
 */
export interface Navigator {
  navigate(to: string, options?: { replace?: boolean }): void;
  currentPath(): string;
}

let navigator: Navigator = {
  navigate: (to, options) => (options?.replace ? window.location.replace(to) : window.location.assign(to)),
  currentPath: () => window.location.pathname + window.location.search,
};

export function setNavigator(next: Navigator): void {
  navigator = next;
}

export function navigateTo(to: string, options?: { replace?: boolean }): void {
  navigator.navigate(to, options);
}

export function currentPath(): string {
  return navigator.currentPath();
}
