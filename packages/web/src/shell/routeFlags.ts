/** Route flags of any path, from the app's route table (registered by router.tsx). */
import { matchRoutes, type RouteObject } from 'react-router';
import { mergeFlags, type RouteFlags } from '../auth/guard.ts';

let table: RouteObject[] = [];

export function setRouteTable(routes: RouteObject[]): void {
  table = routes;
}

export function flagsForPath(pathname: string): RouteFlags {
  return mergeFlags(matchRoutes(table, pathname)?.map((match) => match.route.handle) ?? []);
}
