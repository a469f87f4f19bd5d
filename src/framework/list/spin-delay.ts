/** A refetch quicker than this shows no spinner over the rows (a list opened again refetches them). */
export const SPIN_DELAY = 300;
