/** The widget's whole style sheet, scoped by its shadow root: nothing leaks in or out. */
export const STYLES = `
:host { all: initial; }
/* The organisation's colours (theme.ts) are custom properties set on .root. */
* { box-sizing: border-box; }
.root {
  font: 14px/1.45 system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif;
  color: #1c2230; -webkit-font-smoothing: antialiased;
}
button, input, textarea { font: inherit; color: inherit; }
button { cursor: pointer; }
button:disabled { cursor: default; opacity: .55; }
:focus-visible { outline: 3px solid #8fa8ff; outline-offset: 2px; }
.sr { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
.launcher {
  position: fixed; right: 20px; bottom: 20px; width: 56px; height: 56px; border-radius: 50%; border: 0;
  background: var(--pxw-accent); color: var(--pxw-on-accent); box-shadow: 0 6px 20px rgba(20, 30, 70, .3); z-index: 2147483000;
  display: flex; align-items: center; justify-content: center;
}
.launcher svg { width: 26px; height: 26px; fill: currentColor; }
.dot { position: absolute; top: 4px; right: 4px; width: 12px; height: 12px; border-radius: 50%; background: #e5484d; border: 2px solid #fff; }
.panel {
  position: fixed; right: 20px; bottom: 20px; width: 370px; max-width: calc(100vw - 24px);
  height: 560px; max-height: calc(100vh - 40px); display: flex; flex-direction: column; background: #fff;
  border-radius: 14px; box-shadow: 0 12px 40px rgba(20, 30, 70, .28); overflow: hidden; z-index: 2147483000;
}
@media (max-width: 480px) { .panel { right: 0; bottom: 0; width: 100vw; max-width: 100vw; height: 100%; max-height: 100%; border-radius: 0; } }
.head { background: var(--pxw-accent); color: var(--pxw-on-accent); padding: 14px 16px; display: flex; gap: 8px; align-items: flex-start; }
.head h2 { margin: 0; font-size: 16px; font-weight: 600; }
.head p { margin: 2px 0 0; font-size: 13px; opacity: .9; }
.head .grow { flex: 1; min-width: 0; }
.icon { background: transparent; border: 0; color: inherit; width: 32px; height: 32px; border-radius: 8px; display: inline-flex; align-items: center; justify-content: center; flex: none; }
.icon:hover { background: rgba(127,127,127,.2); }
.icon svg { width: 20px; height: 20px; fill: currentColor; }
.note { margin: 8px 12px 0; padding: 8px 10px; border-radius: 8px; background: #f1f3f9; font-size: 13px; }
.note.warn { background: #fff4e5; color: #6b3d00; }
.note.err { background: #fdecec; color: #8a1c1c; display: flex; gap: 8px; align-items: center; }
.note.err span { flex: 1; }
.link { background: none; border: 0; padding: 0; color: var(--pxw-accent-text); text-decoration: underline; }
.err .link { color: inherit; font-weight: 600; }
.list { flex: 1; overflow-y: auto; padding: 12px; display: flex; flex-direction: column; gap: 8px; }
.older { align-self: center; font-size: 12px; }
.msg { max-width: 82%; padding: 8px 11px; border-radius: 12px; white-space: pre-wrap; overflow-wrap: anywhere; }
.msg.me { align-self: flex-end; background: var(--pxw-accent); color: var(--pxw-on-accent); border-bottom-right-radius: 4px; }
.msg.them { align-self: flex-start; background: #f1f3f9; border-bottom-left-radius: 4px; }
.msg .who { display: block; font-size: 11px; font-weight: 600; opacity: .75; margin-bottom: 2px; }
.msg .meta { display: block; font-size: 11px; opacity: .75; margin-top: 3px; }
.msg audio { display: block; width: 220px; max-width: 100%; height: 36px; }
.msg.failed { background: #fdecec; color: #8a1c1c; }
.typing { font-size: 12px; color: #5b6478; padding: 0 14px 4px; min-height: 18px; }
.intro { padding: 8px 12px 0; display: grid; gap: 6px; }
.intro p { margin: 0; font-size: 12px; color: #5b6478; }
.field { display: grid; gap: 2px; font-size: 12px; color: #5b6478; }
.field input, .compose textarea, .rating textarea {
  width: 100%; border: 1px solid #c9cfdc; border-radius: 8px; padding: 7px 9px; background: #fff; color: #1c2230;
}
.field-error { color: #8a1c1c; font-size: 12px; }
.compose { display: flex; gap: 6px; padding: 10px 12px; border-top: 1px solid #e6e9f0; align-items: flex-end; }
.compose textarea { flex: 1; resize: none; min-height: 38px; max-height: 110px; }
.btn { border: 0; border-radius: 8px; background: var(--pxw-accent); color: var(--pxw-on-accent); padding: 8px 12px; font-weight: 600; }
.btn.ghost { background: var(--pxw-accent-soft); color: var(--pxw-accent-soft-text); }
.btn.stop { background: #e5484d; color: #fff; }
.rec { display: flex; align-items: center; gap: 8px; flex: 1; color: #8a1c1c; font-weight: 600; }
.rec::before { content: ''; width: 10px; height: 10px; border-radius: 50%; background: #e5484d; }
.bar { display: flex; justify-content: space-between; align-items: center; gap: 8px; padding: 6px 12px 0; font-size: 12px; color: #5b6478; }
.rating { margin: 0 12px 8px; padding: 10px; border: 1px solid #e6e9f0; border-radius: 10px; display: grid; gap: 8px; }
.rating p { margin: 0; font-weight: 600; }
.stars { display: flex; gap: 6px; }
.stars button { width: 36px; height: 36px; border-radius: 8px; border: 1px solid #c9cfdc; background: #fff; font-weight: 600; }
.stars button[aria-pressed='true'] { background: var(--pxw-accent); border-color: var(--pxw-accent); color: var(--pxw-on-accent); }
.row { display: flex; gap: 8px; justify-content: flex-end; }
`
