// Optional sounds (off unless the player turns them on in the table's settings): short
// tones made by the browser (Web Audio), nothing downloaded.

let context = null;

const TONES = {
  turn: [[660, 0.09], [880, 0.12]],
  card: [[320, 0.05]],
  trick: [[520, 0.07], [390, 0.09]],
  deal: [[440, 0.08], [550, 0.08], [660, 0.12]],
};

/** Play the tone ``name`` (``turn``, ``card``, ``trick``, ``deal``). */
export function beep(name) {
  const tones = TONES[name];
  if (!tones) return;
  try {
    context = context || new AudioContext();
    let at = context.currentTime;
    for (const [pitch, length] of tones) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.frequency.value = pitch;
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
      osc.connect(gain).connect(context.destination);
      osc.start(at);
      osc.stop(at + length);
      at += length;
    }
  } catch {
    /* no audio here: silence */
  }
}
