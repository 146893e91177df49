#!/usr/bin/env python3
"""Fits a move head on the shipped 9x9 learned evaluation (docs/ENGINE.md, "Learned moves").

On the evaluation's last layer (`crates/engine/src/value-9.txt`) a head learns which point
GNU Go plays (`policy_data.py`): `--head-conv` 3x3 convolutions of the same channels with ReLU
(0 for none), then a 1x1 convolution to one logit a point, occupied points left out of the
softmax. With `--tune W` (30 by default) the evaluation's convolutions are fitted too, its two
outputs held to the shipped network's by a squared-error term of weight W (0: they stay as
they are). Trained on all eight symmetries; reports the held-out moves' top-1 and top-3
accuracy, their mean log-likelihood and how far the evaluation's win chance moved, and
writes the weight file with the head's tensors after the evaluation's.

    python3 bench/engine/fit_policy.py VALUE.txt TRAIN.npz TEST.npz OUT.txt [--head-conv 2] [--epochs 40] [--tune 30]
"""

import argparse
import math
import time

import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

import value_data
from fit_value import CHECK_ROWS, ValueNet, load_net, read_tensors, symmetry, write_tensors, write_weights


class MoveHead(nn.Module):
    def __init__(self, channels, convs):
        super().__init__()
        self.convs = nn.ModuleList([nn.Conv2d(channels, channels, 3, padding=1) for _ in range(convs)])
        self.logit = nn.Conv2d(channels, 1, 1)

    def forward(self, features, empty):
        x = features
        for conv in self.convs:
            x = F.relu(conv(x))
        logits = self.logit(x).flatten(1)
        return logits.masked_fill(empty.flatten(1) < 0.5, -1e9)


def load_head(path):
    """The move head in a weight file (its tensors after the `moves N` line), or None."""
    lines = [l for l in open(path) if l.strip() and not l.startswith("#")]
    start = next((i for i, l in enumerate(lines) if l.startswith("moves ")), None)
    if start is None:
        return None
    tensors = {k.removeprefix("move."): v for k, v in read_tensors(lines[start + 1:]).items()}
    channels = int(len(tensors["logit.weight"]))
    head = MoveHead(channels, int(lines[start].split()[1]))
    head.load_state_dict({k: torch.tensor(tensors[k]).view_as(t) for k, t in head.state_dict().items()})
    return head


def trunk(net, x):
    for conv in net.convs:
        x = F.relu(conv(x))
    return x


def evaluation(net, x):
    """The evaluation's two heads on the last layer's channels `x` (as `ValueNet.forward`)."""
    owner = torch.tanh(net.owner(x)).squeeze(1)
    pooled = torch.cat([x.mean(dim=(2, 3)), x.amax(dim=(2, 3))], dim=1)
    return net.win(F.relu(net.hidden(pooled))).squeeze(1), owner


def one_hot(moves):
    out = torch.zeros(len(moves), 81)
    out[torch.arange(len(moves)), moves] = 1
    return out.view(-1, 9, 9)


def report(net, head, test, shipped=None):
    x = torch.from_numpy(test["x"])
    y = torch.from_numpy(test["move"])
    with torch.no_grad():
        features = trunk(net, x)
        logits = head(features, x[:, 2])
        drift = ""
        if shipped is not None:
            win, _ = evaluation(net, features)
            old, _ = shipped(x)
            gap = (torch.sigmoid(win) - torch.sigmoid(old)).abs()
            drift = f" value drift mean {float(gap.mean()):.4f} max {float(gap.max()):.3f}"
    top = logits.topk(3, dim=1).indices
    top1 = float((top[:, 0] == y).float().mean())
    top3 = float((top == y[:, None]).any(dim=1).float().mean())
    nll = float(F.cross_entropy(logits, y))
    return f"top-1 {top1:.3f} top-3 {top3:.3f} log-likelihood {-nll:.3f}{drift}"


def check_move(net, head):
    """The head's most likely point (fit order, rows from the top) for Black to move in
    `CHECK_ROWS`, and its chance, for the Rust reader's test."""
    board = [{"X": 1, "O": 2}.get(ch, 0) for ch in CHECK_ROWS.replace(",", "")]
    x = torch.from_numpy(value_data.planes(board, 1, None, False, False)[:12].reshape(1, 12, 9, 9))
    with torch.no_grad():
        chances = torch.softmax(head(trunk(net, x), x[:, 2]), dim=1)[0]
    best = int(chances.argmax())
    return best, float(chances[best])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("value")
    ap.add_argument("train")
    ap.add_argument("test")
    ap.add_argument("out")
    ap.add_argument("--head-conv", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=40)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tune", type=float, default=30.0,
                    help="also fit the convolutions, keeping the evaluation's outputs within this weight of the shipped ones (0: frozen)")
    args = ap.parse_args()
    torch.manual_seed(args.seed)
    torch.set_num_threads(2)
    net = load_net(args.value)
    channels, layers, planes = net.convs[0].out_channels, len(net.convs), net.convs[0].in_channels
    shipped = ValueNet(channels, layers, planes)
    shipped.load_state_dict(net.state_dict())
    for p in shipped.parameters():
        p.requires_grad_(False)
    for p in net.parameters():
        p.requires_grad_(args.tune > 0)
    head = MoveHead(channels, args.head_conv)
    train = dict(np.load(args.train))
    test = dict(np.load(args.test))
    x = torch.from_numpy(train["x"])
    y = one_hot(torch.from_numpy(train["move"]))
    steps = args.epochs * math.ceil(len(x) / args.batch)
    params = list(head.parameters()) + (list(net.parameters()) if args.tune > 0 else [])
    opt = torch.optim.AdamW(params, lr=3e-3, weight_decay=1e-4)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=3e-3, total_steps=steps)
    start = time.time()
    print(f"{len(x)} training moves, {len(test['x'])} held out; before: {report(net, head, test, shipped)}", flush=True)
    for epoch in range(args.epochs):
        order = torch.randperm(len(x))
        for i in range(0, len(x), args.batch):
            idx = order[i : i + args.batch]
            k = int(torch.randint(8, (1,)))
            xb, yb = symmetry(x[idx], k), symmetry(y[idx], k).flatten(1).argmax(dim=1)
            if args.tune > 0:
                features = trunk(net, xb)
                win, owner = evaluation(net, features)
                with torch.no_grad():
                    old_win, old_owner = shipped(xb)
                keep = F.mse_loss(torch.sigmoid(win), torch.sigmoid(old_win)) + F.mse_loss(owner, old_owner)
                loss = F.cross_entropy(head(features, xb[:, 2]), yb) + args.tune * keep
            else:
                with torch.no_grad():
                    features = trunk(net, xb)
                loss = F.cross_entropy(head(features, xb[:, 2]), yb)
            opt.zero_grad()
            loss.backward()
            opt.step()
            sched.step()
        print(f"epoch {epoch + 1} ({time.time() - start:.0f} s): {report(net, head, test, shipped)}", flush=True)
    if args.tune > 0:
        write_weights(net, args.out, channels, layers)
    else:
        with open(args.value) as src, open(args.out, "w") as out:
            text = src.read()
            out.write(text[: text.find("\nmoves ") + 1 or len(text)].rstrip("\n") + "\n")
    with open(args.out, "a") as out:
        out.write(f"moves {args.head_conv}\n")
        write_tensors(out, head, "move.")
        best, chance = check_move(net, head)
        out.write(f"# move check {CHECK_ROWS} b {best} {chance:.6f}\n")


if __name__ == "__main__":
    main()
