const loaded = new Map<string, HTMLScriptElement>();

/** Adds an async external script once (analytics, ads). Only hosts the CSP allows will load. */
export function loadScript(src: string, attributes: Record<string, string> = {}): HTMLScriptElement {
  const existing = loaded.get(src);
  if (existing) return existing;
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
  document.head.appendChild(script);
  loaded.set(src, script);
  return script;
}
