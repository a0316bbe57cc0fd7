/**
 * What the hand feels and the ear hears on a scan: a short beep made with the Web Audio API
 * (an OscillatorNode — no sound file to download or cache) and a vibration where
 * `navigator.vibrate` exists (Android browsers; not iOS Safari). A known item beeps high, a new
 * one beeps low twice, a refused code buzzes longer, so a seller can keep their eyes on the shelf.
 */
export type FeedbackKind = "found" | "created" | "error";

let ctx: AudioContext | null = null;

function audio(): AudioContext | null {
  if (typeof window === "undefined") return null;
  const Ctor =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctor) return null;
  ctx ??= new Ctor();
  return ctx;
}

/**
 * Browsers start audio suspended until a user gesture: call this from one (a tap on the page)
 * so later beeps, fired by the camera, are heard.
 */
export function unlockAudio(): void {
  const a = audio();
  if (a && a.state === "suspended") void a.resume().catch(() => undefined);
}

function tone(a: AudioContext, start: number, freq: number, seconds: number) {
  const osc = a.createOscillator();
  const gain = a.createGain();
  osc.type = "square";
  osc.frequency.setValueAtTime(freq, start);
  // a quick fade in and out avoids clicks
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(0.2, start + 0.01);
  gain.gain.exponentialRampToValueAtTime(0.0001, start + seconds);
  osc.connect(gain).connect(a.destination);
  osc.start(start);
  osc.stop(start + seconds + 0.02);
}

const VIBRATION: Record<FeedbackKind, number | number[]> = {
  found: 60,
  created: [60, 60, 60],
  error: 250,
};

/** Beeps and vibrates for a scan; silently does nothing where a part is missing. */
export function scanFeedback(kind: FeedbackKind): void {
  try {
    const a = audio();
    if (a && a.state !== "closed") {
      const t = a.currentTime;
      if (kind === "found") tone(a, t, 1760, 0.09);
      else if (kind === "created") {
        tone(a, t, 880, 0.07);
        tone(a, t + 0.11, 880, 0.07);
      } else tone(a, t, 220, 0.25);
    }
  } catch {
    // audio refused: the visual result and the live region still tell
  }
  try {
    if (typeof navigator !== "undefined" && typeof navigator.vibrate === "function")
      navigator.vibrate(VIBRATION[kind]);
  } catch {
    // vibration blocked (no user activation yet)
  }
}
