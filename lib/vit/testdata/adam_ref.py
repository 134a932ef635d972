# Reference trajectories of torch.optim.Adam and torch.optim.SGD for
# optim_test.go. Run with Debian's python3-torch:
#   /usr/bin/python3 lib/vit/testdata/adam_ref.py
# Loss f(θ) = Σ_i c_i (θ_i − t_i)⁴ / 4 + θ_0 θ_1 (non-quadratic, coupled).
import torch
torch.set_default_dtype(torch.float64)
c = torch.tensor([1.0, 2.0, 0.5])
t = torch.tensor([0.3, -1.0, 2.0])
def run(opt_fn, steps):
    th = torch.tensor([1.0, 0.5, -0.5], requires_grad=True)
    opt = opt_fn([th])
    for _ in range(steps):
        opt.zero_grad()
        f = (c * (th - t) ** 4).sum() / 4 + th[0] * th[1]
        f.backward()
        opt.step()
    return th.detach().tolist()
print("adam default", run(lambda p: torch.optim.Adam(p), 7))
print("adam lr0.1", run(lambda p: torch.optim.Adam(p, lr=0.1, betas=(0.8, 0.99), eps=1e-6), 7))
print("sgd", run(lambda p: torch.optim.SGD(p, lr=0.05), 7))
print("sgd momentum", run(lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9), 7))
