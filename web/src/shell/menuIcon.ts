// Menu `css` values are Blueprint icon names; anything else falls back to a neutral icon.

import type { IconName } from '@blueprintjs/core';
import { IconNames } from '@blueprintjs/icons';

const known = new Set<string>(Object.values(IconNames));

export const menuIcon = (css: string, fallback: IconName = 'document'): IconName =>
  known.has(css) ? (css as IconName) : fallback;
