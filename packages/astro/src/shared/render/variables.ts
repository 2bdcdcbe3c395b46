/** `{{name}}` placeholders replaced with docs.json `variables` (unknown names are left as written). */
export function substituteVariables(text: string, variables: Record<string, string> | undefined): string {
  if (!variables) return text;
  return text.replace(/\{\{\s*([A-Za-z0-9-]+)\s*\}\}/g, (all, name: string) => variables[name] ?? all);
}
