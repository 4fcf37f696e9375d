#!/usr/bin/env python3
"""bench/gpt2_decode.py: the benchmark's decoding case, a GPT-2-style
decoder generating tokens: milliseconds per token, and tokens per second.

    python3 bench/gpt2_decode.py [-q] [--require-gpu] [--size small|medium]
                                 [--hand-written]

The model is transformers' GPT2LMHeadModel built from a GPT2Config
(small: 12 layers of width 768, 124M parameters; medium: 24 of 1024,
355M), its weights random from a fixed seed: nothing is downloaded.  Where
transformers is not installed, or with --hand-written, it is the same
architecture written in plain PyTorch (bench/gpt2_model.py).  float32.

Decoding is greedy with the KV cache, one sequence: the prompt (PROMPT
random token ids) in one forward, then one forward of one position per
new token, each step's token the argmax of its logits.  Every token is
read back to the host as it is made (as a program that prints or streams
its output does), so each step meets the GPU once.  A run generates
TOKENS tokens from the prompt; its figure is its time per token (the
prompt's forward included); tokens/s is 1000 over that.  WARMUP runs go
untimed first (they load the kernels and start cuBLAS), then RUNS runs
are timed.  At the end the logits of the last step, computed from the
cache, must match those of one forward of the whole sequence without it,
so that steps that computed nothing, or a cache that kept nothing, cannot
pass for fast ones.  The same program runs natively and through oncuda
(bench/run.sh).

Prints "info" and "result" lines (bench/pyapp.py): the case is
app_gpt2_decode (app_gpt2_decode_medium for --size medium), in ms per
token; "info tokens" says whether every run made the same tokens.  Exits
0 when it measured, 1 when something failed, and 77 with the reason on
stderr when torch with CUDA or a GPU is missing (with --require-gpu those
are failures).
"""
import statistics
import sys

import pyapp

CASE = "app_gpt2_decode"
SIZES = {"small": {"layers": 12, "heads": 12, "width": 768},
         "medium": {"layers": 24, "heads": 16, "width": 1024}}
VOCAB = 50257
POSITIONS = 1024
PROMPT = 32
SEED = 1234
FULL = {"warmup": 1, "runs": 5, "tokens": 128}
QUICK = {"warmup": 1, "runs": 2, "tokens": 16}


def transformers_model(torch, transformers, size):
    """GPT2LMHeadModel of SIZE at random, and its step: (ids, cache) to
    (logits, the cache to pass next)."""
    config = transformers.GPT2Config(
        vocab_size=VOCAB, n_positions=POSITIONS, n_embd=size["width"],
        n_layer=size["layers"], n_head=size["heads"])
    torch.manual_seed(SEED)
    model = transformers.GPT2LMHeadModel(config).to("cuda").eval()

    def step(ids, past):
        out = model(input_ids=ids, past_key_values=past, use_cache=True)
        return out.logits, out.past_key_values
    return step, "transformers %s GPT2LMHeadModel" % transformers.__version__


def hand_written_model(torch, size):
    """bench/gpt2_model.py's decoder of SIZE at random, which is its own
    step."""
    from gpt2_model import Decoder
    torch.manual_seed(SEED)
    model = Decoder(size["layers"], size["heads"], size["width"], VOCAB,
                    POSITIONS).to("cuda").eval()
    return model, "bench/gpt2_model.py (plain PyTorch)"


def generate(torch, step, prompt, tokens):
    """TOKENS tokens greedily after PROMPT, each read back as it is made;
    the tokens, and the logits of the last step with the ids they came
    from (the prompt and every token but the last)."""
    made = []
    logits, past = step(prompt, None)
    while True:
        next_id = logits[:, -1, :].argmax(dim=-1, keepdim=True)
        made.append(int(next_id))
        if len(made) == tokens:
            break
        logits, past = step(next_id, past)
    fed = torch.cat((prompt, torch.tensor([made[:-1]], device="cuda")), dim=1)
    return made, logits[:, -1, :], fed


def main():
    app = pyapp.App("gpt2_decode",
                    "a GPT-2-style decoder generating tokens greedily with "
                    "its KV cache, random weights: ms per token")
    app.parser.add_argument("--size", choices=sorted(SIZES), default="small",
                            help="GPT-2 small (124M) or medium (355M)")
    app.parser.add_argument("--hand-written", action="store_true",
                            help="bench/gpt2_model.py even where "
                            "transformers is installed")
    args = app.parse()
    plan = QUICK if args.q else FULL
    size = SIZES[args.size]
    torch = app.import_torch()
    pyapp.strict_float32(torch)

    transformers = None
    why = "--hand-written"
    if not args.hand_written:
        try:
            import transformers
        except Exception as e:  # ImportError, or a package broken on import
            why = "transformers cannot be imported: %s: %s" % (
                type(e).__name__, e)
    if transformers is not None:
        step, model_name = transformers_model(torch, transformers, size)
    else:
        step, model_name = hand_written_model(torch, size)
        model_name += " (%s)" % why

    g = torch.Generator().manual_seed(SEED)
    prompt = torch.randint(0, VOCAB, (1, PROMPT), generator=g).to("cuda")
    runs = []

    def run(_):
        runs.append(generate(torch, step, prompt, plan["tokens"]))

    with torch.no_grad():
        for i in range(plan["warmup"]):
            run(i)
        torch.cuda.synchronize()
        del runs[:]
        samples = pyapp.timed_runs(torch, plan["runs"], 1, run)
        made, cached, fed = runs[-1]
        full = step(fed, None)[0][:, -1, :]
    scale = full.abs().max().item()
    if not torch.allclose(cached, full, rtol=1e-3, atol=1e-3 * scale):
        app.stop(1, "the last step's logits from the KV cache differ from "
                 "those of the whole sequence by up to %.3g (largest %.3g): "
                 "decoding did not work, so its timing means nothing" % (
                     (cached - full).abs().max().item(), scale))
    per_token = [s / plan["tokens"] for s in samples]

    pyapp.common_info(torch)
    pyapp.info("model", "%s, GPT-2 %s: %d layers, %d heads, width %d, "
               "vocabulary %d; random weights (seed %d), float32" % (
                   model_name, args.size, size["layers"], size["heads"],
                   size["width"], VOCAB, SEED))
    pyapp.info("plan", "%d warm-up runs; %d runs of %d tokens each after a "
               "prompt of %d, greedy, KV cache, batch 1, each token read "
               "back as it is made" % (plan["warmup"], plan["runs"],
                                       plan["tokens"], PROMPT))
    same = all(r[0] == made for r in runs)
    pyapp.info("tokens", "%s in every run; the last run's first: %s" % (
        "the same" if same else "NOT the same",
        " ".join(str(t) for t in made[:8])))
    pyapp.info("tokens_per_s", "%.1f (median run)" % (
        1e3 / statistics.median(per_token)))
    case = CASE if args.size == "small" else CASE + "_" + args.size
    pyapp.result(case, "ms", per_token, plan["tokens"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
