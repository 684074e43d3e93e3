#!/usr/bin/python3
"""One rank of a synthetic data-parallel training run for RoCE Fabric Console.

Started by roce-agent with the standard torch.distributed environment (RANK, WORLD_SIZE,
LOCAL_RANK, MASTER_ADDR, MASTER_PORT and GLOO_SOCKET_IFNAME/NCCL_SOCKET_IFNAME). Uses
synthetic data only (no downloads). Each iteration: forward and backward pass of an MLP
whose parameters take about --model-mb megabytes, then one all-reduce of all gradients
(flattened into one buffer, as DDP's buckets do), then an SGD step. Prints one JSON line per
iteration on stdout:

  {"iteration": 3, "loss": 0.98, "step_ms": 61.2, "allreduce_ms": 12.5, "grad_bytes": 16777216}

and a final {"done": true, ...} line. Debian's torchrun crashes on Python 3.11, so the agent
starts one process per rank itself. ROCE_TRAIN_SLOW_MS (default 0) adds that many
milliseconds to this rank's compute phase: a slow rank, for demonstrations and tests.
"""
import argparse
import json
import os
import sys
import time

import torch
import torch.distributed as dist


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--model-mb", type=int, default=16)
    parser.add_argument("--iterations", type=int, default=20)
    parser.add_argument("--backend", choices=["gloo", "nccl"], default="gloo")
    parser.add_argument("--batch", type=int, default=32)
    args = parser.parse_args()

    rank = int(os.environ["RANK"])
    world = int(os.environ["WORLD_SIZE"])
    torch.manual_seed(1234)  # same initial weights on every rank
    device = "cuda" if args.backend == "nccl" and torch.cuda.is_available() else "cpu"
    dist.init_process_group(backend=args.backend, rank=rank, world_size=world)

    # Square layers of width w hold ~w*w*4 bytes each; three layers make up the model size.
    width = max(64, int(((args.model_mb * 1024 * 1024) / (3 * 4)) ** 0.5))
    model = torch.nn.Sequential(
        torch.nn.Linear(width, width), torch.nn.ReLU(),
        torch.nn.Linear(width, width), torch.nn.ReLU(),
        torch.nn.Linear(width, width)).to(device)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)
    grad_bytes = sum(p.numel() * p.element_size() for p in model.parameters())
    generator = torch.Generator().manual_seed(42 + rank)  # each rank its own data shard
    target_w = torch.randn(width, width, generator=generator) * 0.01
    slow_s = float(os.environ.get("ROCE_TRAIN_SLOW_MS", "0")) / 1000.0

    for iteration in range(args.iterations):
        start = time.perf_counter()
        x = torch.randn(args.batch, width, generator=generator).to(device)
        y = (x @ target_w).to(device)
        optimizer.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        if slow_s > 0:
            time.sleep(slow_s)
        grads = [p.grad for p in model.parameters()]
        flat = torch.cat([g.reshape(-1) for g in grads])
        reduce_start = time.perf_counter()
        dist.all_reduce(flat)
        if device == "cuda":
            torch.cuda.synchronize()
        reduce_ms = (time.perf_counter() - reduce_start) * 1000.0
        flat /= world
        offset = 0
        for g in grads:
            n = g.numel()
            g.copy_(flat[offset:offset + n].view_as(g))
            offset += n
        optimizer.step()
        # Loss averaged over ranks so that every rank reports the same curve.
        loss_t = loss.detach().clone()
        dist.all_reduce(loss_t)
        step_ms = (time.perf_counter() - start) * 1000.0
        print(json.dumps({"iteration": iteration, "loss": round(loss_t.item() / world, 6),
                          "step_ms": round(step_ms, 3), "allreduce_ms": round(reduce_ms, 3),
                          "grad_bytes": grad_bytes}), flush=True)
    print(json.dumps({"done": True, "rank": rank, "world_size": world, "backend": args.backend,
                      "grad_bytes": grad_bytes}), flush=True)
    dist.destroy_process_group()
    return 0


if __name__ == "__main__":
    sys.exit(main())
