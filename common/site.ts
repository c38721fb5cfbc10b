/** GET /api/site: public settings the client reads at run time. */
export interface SiteSettings {
  donationUrl: string | null;
  socialUrl: string | null;
  externalSignIn: { name: string } | null;
}
