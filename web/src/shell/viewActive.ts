// Whether the page is the view on screen. Visited pages stay mounted in the tab cache (spec §2, up to 99 views) with
// their section hidden, but a Blueprint drawer or dialog renders in a portal outside that section: a page hides its
// own overlays while it is not the active view, so they do not stay over the page the user went to.
import { createContext, useContext } from 'react';

export const ViewActiveContext = createContext(true);

export const useViewActive = (): boolean => useContext(ViewActiveContext);
