export const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * JSON that is safe inside `<script type="application/json">`: no `<` (so no `</script>` or
 * `<!--`), `>`, `&` or line separators survive as such; JSON.parse reads the escapes back.
 */
export function scriptSafeJson(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
