/**
 * The one stylesheet of the standalone documents (a sponsor report, the media kit), inlined in their `<style>`:
 * light and plain so it prints as it shows, system fonts (no font file, no third party), and print rules that drop
 * what paper cannot use. The web server allows exactly this sheet by its hash (report-pages.ts).
 */
export const DOCUMENT_CSS = `
:root{color-scheme:light;--ink:#1a1a1a;--muted:#555b63;--line:#d9dde3;--panel:#f5f6f8;--link:#0b57d0}
*{box-sizing:border-box}
body{margin:0;background:#fff;color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
main{max-width:62rem;margin:0 auto;padding:2rem 1.25rem 3rem}
a{color:var(--link);overflow-wrap:anywhere}
h1{font-size:clamp(1.6rem,5vw,2.3rem);line-height:1.2;margin:.25rem 0 .75rem}
h2{font-size:1.3rem;line-height:1.3;margin:0 0 .25rem}
h3{font-size:1rem;margin:0 0 .5rem}
p{margin:.25rem 0}
.eyebrow{color:var(--muted);font-size:.85rem;font-weight:600;letter-spacing:.05em;text-transform:uppercase}
.meta,.source,.note{color:var(--muted)}
.note{font-size:.9rem}
.notice{margin:1rem 0;padding:.75rem 1rem;border:1px solid #d9b44a;border-radius:.5rem;background:#fff7db}
.figures{display:grid;grid-template-columns:repeat(auto-fill,minmax(14rem,1fr));gap:.75rem;margin:1rem 0;padding:0}
.figure{margin:0;padding:.75rem 1rem;border:1px solid var(--line);border-radius:.5rem;background:var(--panel);break-inside:avoid}
.figure dt{color:var(--muted);font-size:.875rem}
.figure dd{margin:0}
.figure .value{font-size:1.7rem;font-weight:700;line-height:1.25;font-variant-numeric:tabular-nums}
.figure .detail{font-size:.875rem}
.figure .missing{margin-top:.25rem;font-size:.925rem}
.figure .source,.block .source{margin-top:.35rem;font-size:.75rem}
.blocks{display:grid;grid-template-columns:repeat(auto-fit,minmax(18rem,1fr));gap:1.5rem;margin:1.25rem 0}
.block{break-inside:avoid}
.wide{grid-column:1/-1}
section{margin-top:2rem;padding-top:1.5rem;border-top:1px solid var(--line)}
table{width:100%;border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.35rem .5rem;border-bottom:1px solid var(--line);text-align:left;font-size:.925rem}
th{color:var(--muted);font-weight:600}
.n{text-align:right}
.retention{display:block;width:100%;max-width:44rem;height:auto}
.actions{display:flex;flex-wrap:wrap;gap:.5rem 1.5rem;margin:.75rem 0}
footer{margin-top:2.5rem;padding-top:1rem;border-top:1px solid var(--line);color:var(--muted);font-size:.875rem}
@media (max-width:30rem){main{padding:1.25rem 1rem 2rem}.figures{grid-template-columns:1fr 1fr;gap:.5rem}.figure{padding:.6rem .7rem}.figure .value{font-size:1.35rem}}
@media print{
@page{margin:14mm}
body{font-size:10.5pt}
main{max-width:none;padding:0}
a{color:inherit;text-decoration:none}
.no-print{display:none}
.figure{background:none}
.figures{grid-template-columns:repeat(3,1fr)}
section{break-inside:auto}
h2,h3{break-after:avoid}
}
`
  .trim()
  .replace(/\n/g, '');
