"""bench/gpt2_model.py: a GPT-2-style decoder in plain PyTorch, for
bench/gpt2_decode.py where transformers is not installed.

The same architecture as GPT-2 (learned positions, pre-norm blocks of
causal self-attention and a 4x MLP with tanh GELU, a final LayerNorm,
the output projection tied to the token embedding), initialised at random
as GPT-2 is (normal, standard deviation 0.02, zero biases).  Its keys and
values are cached per block, so that a step past the prompt computes one
position, as transformers' GPT2LMHeadModel does with its cache.
Imported only once torch is known to be there.
"""
import math

import torch
from torch import nn
from torch.nn import functional as F


class Block(nn.Module):
    def __init__(self, width, heads):
        super().__init__()
        self.heads = heads
        self.ln1 = nn.LayerNorm(width)
        self.qkv = nn.Linear(width, 3 * width)
        self.proj = nn.Linear(width, width)
        self.ln2 = nn.LayerNorm(width)
        self.up = nn.Linear(width, 4 * width)
        self.down = nn.Linear(4 * width, width)

    def forward(self, x, past):
        """X (batch, positions, width) after this block, and the keys and
        values of every position so far (PAST's and X's)."""
        b, t, w = x.shape
        q, k, v = self.qkv(self.ln1(x)).split(w, dim=2)
        q, k, v = (z.view(b, t, self.heads, w // self.heads).transpose(1, 2)
                   for z in (q, k, v))
        if past is not None:
            k = torch.cat((past[0], k), dim=2)
            v = torch.cat((past[1], v), dim=2)
        s = k.shape[2]
        scores = (q @ k.transpose(-2, -1)) / math.sqrt(w // self.heads)
        # Query i is position s - t + i: it sees the keys up to its own.
        causal = torch.ones(t, s, dtype=torch.bool, device=x.device).tril(s - t)
        scores = scores.masked_fill(~causal, float("-inf")).softmax(dim=-1)
        x = x + self.proj((scores @ v).transpose(1, 2).reshape(b, t, w))
        x = x + self.down(F.gelu(self.up(self.ln2(x)), approximate="tanh"))
        return x, (k, v)


class Decoder(nn.Module):
    def __init__(self, layers, heads, width, vocab, positions):
        super().__init__()
        self.tokens = nn.Embedding(vocab, width)
        self.positions = nn.Embedding(positions, width)
        self.blocks = nn.ModuleList(Block(width, heads) for _ in range(layers))
        self.ln = nn.LayerNorm(width)
        for m in self.modules():
            if isinstance(m, (nn.Linear, nn.Embedding)):
                nn.init.normal_(m.weight, std=0.02)
            if isinstance(m, nn.Linear):
                nn.init.zeros_(m.bias)

    def forward(self, ids, past=None):
        """The logits of every position of IDS (batch, positions), and the
        cache to pass with the next ones; PAST is the cache of the
        positions before IDS, or None."""
        start = 0 if past is None else past[0][0].shape[2]
        where = torch.arange(start, start + ids.shape[1], device=ids.device)
        x = self.tokens(ids) + self.positions(where)
        cache = []
        for i, block in enumerate(self.blocks):
            x, kv = block(x, None if past is None else past[i])
            cache.append(kv)
        return self.ln(x) @ self.tokens.weight.t(), cache
