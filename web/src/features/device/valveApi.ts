// The resource id of the valve page (its list refreshes after saves and deletes).
export const VALVE_RESOURCE = 'device.valve';
