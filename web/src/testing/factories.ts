import type { User } from '@/types/api';

/** A signed-in player as the API presents one; override what a test cares about. */
export function makeUser(overrides: Partial<User> = {}): User {
  const username = overrides.username ?? 'Soap';
  return {
    id: 1,
    uuid: '00000000-0000-4000-8000-000000000001',
    username,
    email: `${username.toLowerCase()}@example.com`,
    image: null,
    flag: null,
    color: null,
    backgroundColor: null,
    formattedUsername: `<span>${username}</span>`,
    role: 'player',
    elo: 1000,
    ...overrides,
  };
}
