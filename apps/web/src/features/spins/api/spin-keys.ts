/** Query keys of the spins feature: one root, so a spin can refresh every spin query at once. */
export const spinKeys = {
  all: ['spins'] as const,
  state: ['spins', 'state'] as const,
  odds: (kind: 'free' | 'casino') => ['spins', 'odds', kind] as const,
  history: (page: number) => ['spins', 'history', page] as const,
};
