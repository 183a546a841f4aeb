// Finds the menu route for a location path.
import { matchPath } from 'react-router-dom';
import type { AppRoute } from './buildMenuRoutes.ts';

export const resolveRoute = (pathname: string, pages: readonly AppRoute[]): AppRoute | null =>
  pages.find((r) => r.path === pathname) ?? pages.find((r) => matchPath({ path: r.path, end: true }, pathname)) ?? null;
