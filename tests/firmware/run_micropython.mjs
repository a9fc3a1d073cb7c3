// Runs tests/firmware/mpy/scenarios.py under the real MicroPython (the WebAssembly port from npm), with
// the firmware files and the stand-ins for `machine` and `neopixel` in its file system. Prints one
// `RESULT <name> PASS|FAIL <detail>` line per scenario; tests/firmware/test_micropython.py reads them.
// Usage: node tests/firmware/run_micropython.mjs   (after `npm ci` in tests/firmware)
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const here = dirname(fileURLToPath(import.meta.url));
const firmware = join(here, "..", "..", "firmware");
const standIns = join(here, "mpy");

const mp = await loadMicroPython({
  stdout: (line) => process.stdout.write(line + "\n"),
  stderr: (line) => process.stderr.write(line + "\n"),
});
mp.runPython("import sys\nprint('ENGINE', sys.implementation.name, sys.version)");

// the board's files, plus the stand-ins; MicroPython's own `micropython` module is the real one
mp.FS.mkdirTree("/lib");
for (const name of ["hub.py", "main.py"]) {
  mp.FS.writeFile(`/lib/${name}`, readFileSync(join(firmware, name)));
}
for (const name of readdirSync(standIns)) {
  if (name.endsWith(".py") && name !== "micropython.py") {
    mp.FS.writeFile(`/lib/${name}`, readFileSync(join(standIns, name)));
  }
}

// as on the board, where Ctrl-C on the USB port raises KeyboardInterrupt until main() says otherwise
mp.runPython("import micropython\nmicropython.kbd_intr(3)");
const interruptBefore = mp._module._mp_hal_get_interrupt_char();
try {
  mp.runPython("import scenarios\nscenarios.run_all()");
} catch (error) {
  console.log(`RESULT runner FAIL ${String(error).split("\n").join(" | ")}`);
}
// main() must have switched keyboard interrupt off, in the interpreter itself: 0x03 is then just data
const interruptAfter = mp._module._mp_hal_get_interrupt_char();
const ok = interruptBefore === 3 && interruptAfter === -1;
console.log(`RESULT kbd_intr_off_in_the_interpreter ${ok ? "PASS" : "FAIL"} interrupt char ${interruptBefore} -> ${interruptAfter}`);
