"""Reference loss and gradients of tiny seqtf models computed by PyTorch's
own nn.TransformerEncoderLayer (one head, ReLU, no dropout), nn.Embedding,
sinusoidal positions and a linear head, in float64: post-LN
(norm_first=False) without a mask into torch_ref.json, pre-LN
(norm_first=True) with a causal mask into torch_ref_pre_causal.json. Read
by TestMatchesPyTorch. Run from this directory:
/usr/bin/python3 torch_ref.py
"""
import json
import math

import torch

def make(norm_first, causal, out):
    torch.manual_seed(7)
    V, n, d, ff, L, B = 6, 5, 4, 7, 2, 3
    dt = torch.float64

    emb = torch.nn.Embedding(V, d).to(dt)
    layers = torch.nn.ModuleList([
        torch.nn.TransformerEncoderLayer(d, 1, dim_feedforward=ff, dropout=0.0, activation="relu",
                                         batch_first=True, norm_first=norm_first).to(dt) for _ in range(L)])
    head = torch.nn.Linear(d, V).to(dt)
    # Move every parameter off its initial value so LayerNorm gains, shifts and
    # the zero-initialised biases are exercised.
    with torch.no_grad():
        for p in list(emb.parameters()) + list(layers.parameters()) + list(head.parameters()):
            p.add_(0.3 * torch.randn_like(p))

    pe = torch.zeros(n, d, dtype=dt)
    for i in range(n):
        for k in range(d // 2):
            w = 10000.0 ** (-2 * k / d)
            pe[i, 2 * k] = math.sin(i * w)
            pe[i, 2 * k + 1] = math.cos(i * w)

    tokens = torch.randint(0, V, (B, n))
    target = torch.randint(0, V, (B, n))
    x = emb(tokens) + pe
    mask = torch.nn.Transformer.generate_square_subsequent_mask(n).to(dt) if causal else None
    for layer in layers:
        x = layer(x, src_mask=mask)
    logits = head(x)
    loss = torch.nn.functional.cross_entropy(logits.reshape(-1, V), target.reshape(-1))
    loss.backward()

    params, grads = {}, {}


    def put(name, value, grad):
        params[name] = value.detach().reshape(-1).tolist()
        grads[name] = grad.detach().reshape(-1).tolist()


    # seqtf stores weights in×out (y = x W + b); torch's Linear is out×in.
    put("embed.E", emb.weight, emb.weight.grad)
    for t, layer in enumerate(layers):
        a = layer.self_attn
        W, G = a.in_proj_weight, a.in_proj_weight.grad
        b, gb = a.in_proj_bias, a.in_proj_bias.grad
        for j, nm in enumerate("QKV"):
            put(f"block{t}.{nm}", W[j * d:(j + 1) * d].T, G[j * d:(j + 1) * d].T)
            put(f"block{t}.b{nm}", b[j * d:(j + 1) * d], gb[j * d:(j + 1) * d])
        put(f"block{t}.O", a.out_proj.weight.T, a.out_proj.weight.grad.T)
        put(f"block{t}.bO", a.out_proj.bias, a.out_proj.bias.grad)
        put(f"block{t}.ln1.gamma", layer.norm1.weight, layer.norm1.weight.grad)
        put(f"block{t}.ln1.beta", layer.norm1.bias, layer.norm1.bias.grad)
        put(f"block{t}.W1", layer.linear1.weight.T, layer.linear1.weight.grad.T)
        put(f"block{t}.b1", layer.linear1.bias, layer.linear1.bias.grad)
        put(f"block{t}.W2", layer.linear2.weight.T, layer.linear2.weight.grad.T)
        put(f"block{t}.b2", layer.linear2.bias, layer.linear2.bias.grad)
        put(f"block{t}.ln2.gamma", layer.norm2.weight, layer.norm2.weight.grad)
        put(f"block{t}.ln2.beta", layer.norm2.bias, layer.norm2.bias.grad)
    put("head.W", head.weight.T, head.weight.grad.T)
    put("head.b", head.bias, head.bias.grad)

    cfg = {"Vocab": V, "Len": n, "D": d, "FF": ff, "Layers": L, "Norm": 2 if norm_first else 0, "Alpha1": 1, "Alpha2": 1,
           "Causal": causal}
    with open(out, "w") as f:
        json.dump({"Config": cfg, "Tokens": tokens.reshape(-1).tolist(), "Target": target.reshape(-1).tolist(),
                   "Loss": loss.item(), "Params": params, "Grads": grads, "Torch": torch.__version__}, f)
    print("loss", loss.item(), "torch", torch.__version__)



make(False, False, "torch_ref.json")
make(True, True, "torch_ref_pre_causal.json")
