// @waterops/shared/geo — BD-09 / GCJ-02 / WGS-84 conversions and the map's default view.
export * from './coordinates.ts';
export * from './mapDefaults.ts';
