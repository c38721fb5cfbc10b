/** The one error shape every API error takes (docs/ARCHITECTURE.md, rule 3). */
export interface ApiErrorBody {
  message: string;
  code: string;
  fields?: Record<string, string>;
  requestId?: string;
}
