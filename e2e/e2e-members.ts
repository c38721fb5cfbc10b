/** Accounts every browser test can rely on (the moderator is made before the server starts). */
export const E2E_MODERATOR_EMAIL = 'moderator@e2e.test';
export const E2E_PASSWORD = 'fermenting-friends-2025';
