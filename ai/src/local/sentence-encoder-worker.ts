// The sentence encoder's thread (started by sentence-encoder-thread.ts): the model loads and runs here, so its
// seconds of WebAssembly compute never hold up the requests of the thread that asked. Run from source, never bundled:
// the model package finds its weights through `__dirname`.

import { encodeSentences, loadSentenceEncoder } from "./sentence-encoder";
import { serveEncoderRequests } from "./sentence-encoder-protocol";

serveEncoderRequests({ load: loadSentenceEncoder, encode: encodeSentences });
