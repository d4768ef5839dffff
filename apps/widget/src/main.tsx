import { INLINE_STATE_ID } from "./features/reviews/api/inline-state";
import { postHeightToParent } from "./lib/post-height";
import { whenIdle } from "./lib/when-idle";
import "@certavis/ui/light.css";
import "./widget.css";

/**
 * The page's only eager script: the height for the embed loader. Reviews painted by the server (HTML
 * and inline CSS) are read without any script, so the interactive part (Preact, dialog, carousel) is
 * fetched and started when the frame is idle; without them it starts at once.
 */
postHeightToParent();
const start = () => void import("./start-widget").then((module) => module.startWidget());
if (document.getElementById(INLINE_STATE_ID)) whenIdle(start);
else start();
