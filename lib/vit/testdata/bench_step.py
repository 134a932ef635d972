"""One training step (forward + backward + Adam) of the issue-9 vision
transformer in PyTorch on CPU, the peer of BenchmarkTrainStep in
lib/vit/bench_test.go. Same model: 28×28 images, 7×7 patches (n = 17 with
the class token), d = 64, L blocks of eq. (4) of Cowsik et al. 2024 (Norm,
single-head attention, ℓ = 2 tanh MLP, residual strengths α, α̃ = √(1−α²)),
LayerNorm on the class token, linear head to 10 classes, cross-entropy,
Adam(lr=3e-4). float64 by default.

Usage: /usr/bin/python3 lib/vit/testdata/bench_step.py [--threads 1] [--layers 16] [--dtype float64]
"""
import argparse
import math
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "internal", "peerblas"))
import peerblas  # noqa: E402  (before numpy/torch: OpenBLAS reads its settings when it loads)

peerblas.best()  # one thread, and the core type OpenBLAS misses (internal/peerblas)

import torch
import torch.nn as nn

peerblas.report()

p = argparse.ArgumentParser()
p.add_argument("--threads", type=int, default=1)
p.add_argument("--layers", type=int, default=16)
p.add_argument("--batch", type=int, default=64)
p.add_argument("--dtype", default="float64")
p.add_argument("--iters", type=int, default=30)
args = p.parse_args()
torch.set_num_threads(args.threads)
torch.set_default_dtype(getattr(torch, args.dtype))
torch.manual_seed(0)

D, PATCH, C, ALPHA, SIGMA_W = 64, 7, 10, 0.5, 1.5
NP = (28 // PATCH) ** 2
N = NP + 1


def norm(x):  # eq. 3: √d x/|x| per token
    return math.sqrt(x.shape[-1]) * x / x.norm(dim=-1, keepdim=True)


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        s = 1 / math.sqrt(D)
        self.Q = nn.Parameter(torch.randn(D, D) * s)  # σ_A = 1
        self.K = nn.Parameter(torch.randn(D, D) * s)
        self.V = nn.Parameter(torch.randn(D, D) * s)
        self.W = nn.ParameterList([nn.Parameter(torch.randn(D, D) * SIGMA_W * s) for _ in range(3)])
        self.a, self.ta = ALPHA, math.sqrt(1 - ALPHA ** 2)

    def forward(self, x):
        y = norm(x)
        s = (y @ self.Q.T) @ (y @ self.K.T).transpose(-1, -2) / math.sqrt(D)
        x = self.ta * x + self.a * (torch.softmax(s, dim=-1) @ y) @ self.V.T
        h = norm(x)
        h = torch.tanh(h @ self.W[0].T)
        h = torch.tanh(h @ self.W[1].T)
        return self.ta * x + self.a * h @ self.W[2].T


class ViT(nn.Module):
    def __init__(self, layers):
        super().__init__()
        self.embed = nn.Linear(PATCH * PATCH, D)
        self.cls = nn.Parameter(torch.randn(1, 1, D))
        self.pos = nn.Parameter(torch.randn(1, N, D))
        self.blocks = nn.ModuleList([Block() for _ in range(layers)])
        self.ln = nn.LayerNorm(D)
        self.head = nn.Linear(D, C)

    def forward(self, img):  # img: B×28×28
        B = img.shape[0]
        p = img.unfold(1, PATCH, PATCH).unfold(2, PATCH, PATCH).reshape(B, NP, PATCH * PATCH)
        x = torch.cat([self.cls.expand(B, 1, D), self.embed(p)], dim=1) + self.pos
        for b in self.blocks:
            x = b(x)
        return self.head(self.ln(x[:, 0]))


model = ViT(args.layers)
opt = torch.optim.Adam(model.parameters(), lr=3e-4)
x = torch.rand(args.batch, 28, 28) * 2 - 1
y = torch.randint(0, C, (args.batch,))
lossf = nn.CrossEntropyLoss()


def step():
    opt.zero_grad()
    loss = lossf(model(x), y)
    loss.backward()
    opt.step()
    return loss.item()


for _ in range(5):
    step()
best = float("inf")
times = []
for _ in range(args.iters):
    t0 = time.perf_counter()
    step()
    times.append(time.perf_counter() - t0)
times.sort()
print(f"torch {torch.__version__} threads={args.threads} dtype={args.dtype} L={args.layers} batch={args.batch}: "
      f"median {1e3 * times[len(times) // 2]:.2f} ms/step, min {1e3 * times[0]:.2f} ms/step")
