// Greeting by hour (spec §9): before 8, 8–11, 12–13, 14–17, 18 or later each differ.
export type Greeting = 'early' | 'morning' | 'noon' | 'afternoon' | 'evening';

export const greetingFor = (hour: number): Greeting => {
  if (hour < 8) return 'early';
  if (hour < 12) return 'morning';
  if (hour < 14) return 'noon';
  if (hour < 18) return 'afternoon';
  return 'evening';
};
