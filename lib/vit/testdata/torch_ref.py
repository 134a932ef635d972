"""Writes torch_ref.json: a tiny instance of the lib/vit model built and
differentiated by PyTorch (float64), for TestMatchesPyTorch. The Go test
loads these parameters into vit.Model and compares loss and gradients.

Regenerate: /usr/bin/python3 lib/vit/testdata/torch_ref.py > lib/vit/testdata/torch_ref.json
"""
import json
import math

import torch
import torch.nn as nn

torch.set_default_dtype(torch.float64)
torch.manual_seed(2024)
R, C_, P, D, L, ELL, K, B = 4, 6, 2, 5, 2, 2, 3, 3
AA, AM, SW = 0.6, 0.7, 1.5
NP = (R // P) * (C_ // P)
N = NP + 1


def norm(x):
    return math.sqrt(x.shape[-1]) * x / x.norm(dim=-1, keepdim=True)


params = {}


def par(name, *shape, scale=1.0):
    t = (torch.randn(*shape) * scale).requires_grad_()
    params[name] = t
    return t


s = 1 / math.sqrt(D)
blocks = []
for l in range(L):
    blocks.append(dict(Q=par(f"block{l}.Q", D, D, scale=s), K=par(f"block{l}.K", D, D, scale=s),
                       V=par(f"block{l}.V", D, D, scale=s),
                       W=[par(f"block{l}.W{k}", D, D, scale=SW * s) for k in range(ELL + 1)]))
E = par("embed.E", D, P * P, scale=0.5)
b = par("embed.b", D, scale=0.5)
cls = par("embed.cls", D)
pos = par("embed.pos", N, D)
gamma = par("head.gamma", D)
beta = par("head.beta", D)
H = par("head.H", K, D, scale=s)
h = par("head.h", K, scale=s)

x = torch.rand(B, R, C_) * 2 - 1
y = torch.randint(0, K, (B,))

p = x.unfold(1, P, P).unfold(2, P, P).reshape(B, NP, P * P)
X = torch.cat([cls.expand(B, 1, D), p @ E.T + b], dim=1) + pos
ta, tm = math.sqrt(1 - AA ** 2), math.sqrt(1 - AM ** 2)
for w in blocks:
    Y = norm(X)
    S = (Y @ w["Q"].T) @ (Y @ w["K"].T).transpose(-1, -2) / math.sqrt(D)
    X = ta * X + AA * (torch.softmax(S, dim=-1) @ Y) @ w["V"].T
    Hh = norm(X)
    for k in range(ELL):
        Hh = torch.tanh(Hh @ w["W"][k].T)
    X = tm * X + AM * Hh @ w["W"][ELL].T
o = nn.functional.layer_norm(X[:, 0], (D,), gamma, beta, eps=1e-5)
loss = nn.functional.cross_entropy(o @ H.T + h, y)
loss.backward()

out = dict(
    config=dict(Rows=R, Cols=C_, Patch=P, D=D, Layers=L, MLPLayers=ELL, Classes=K,
                AlphaA=AA, AlphaM=AM, SigmaW=SW, SigmaA2=1.0),
    x=x.reshape(-1).tolist(), labels=y.tolist(), loss=loss.item(),
    params={k: v.detach().reshape(-1).tolist() for k, v in params.items()},
    grads={k: v.grad.reshape(-1).tolist() for k, v in params.items()},
    torch=torch.__version__,
)
print(json.dumps(out))
