// Renders images/icon.svg into images/icon.png, the 128x128 icon of the
// extension (the Marketplace takes no SVG), with Debian's headless
// Chromium (/usr/bin/chromium, or CHROMIUM_PATH) through playwright-core.
// The PNG is committed; run this after changing the SVG:
//   node scripts/icon.mjs
import { chromium } from "playwright-core";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const images = join(dirname(fileURLToPath(import.meta.url)), "..", "images");
const svg = readFileSync(join(images, "icon.svg"), "utf8");
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
try {
  const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
  await page.setContent(`<style>html,body{margin:0;background:transparent}svg{display:block}</style>${svg}`);
  await page.screenshot({ path: join(images, "icon.png"), omitBackground: true });
} finally {
  await browser.close();
}
