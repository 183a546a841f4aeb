// The resource id of the blacklist page's lists (one per list kind: `device.blacklist.<kind>`); saves and deletes
// through the descriptor refresh that list.
export const BLACKLIST_RESOURCE = 'device.blacklist';
