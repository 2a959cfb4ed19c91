"""Linear solvers for the indirect methods: dense for small sections, sparse beyond."""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import cg, spsolve

DENSE_LIMIT = 60


def solve_spd(matrix: sp.spmatrix, rhs: np.ndarray) -> np.ndarray:
    """Solve a symmetric positive definite system."""
    n = matrix.shape[0]
    if n <= DENSE_LIMIT:
        return np.linalg.solve(matrix.toarray(), rhs)
    csr = matrix.tocsr()
    diag = csr.diagonal()
    precond = sp.diags(1.0 / np.where(diag > 0, diag, 1.0))
    x, info = cg(csr, rhs, rtol=1e-13, atol=0.0, maxiter=20 * n, M=precond)
    if info != 0:  # not converged: fall back to a direct factorisation
        x = spsolve(csr.tocsc(), rhs)
    return np.asarray(x, dtype=np.float64)


def solve_laplacian(laplacian: sp.spmatrix, rhs: np.ndarray) -> np.ndarray:
    """The mean-zero solution of L x = b for a connected graph's Laplacian (sum b = 0).

    The last node is pinned to zero, which leaves a positive definite system;
    the result is then shifted to mean zero.
    """
    n = laplacian.shape[0]
    if n == 1:
        return np.zeros(1)
    if n <= DENSE_LIMIT:
        dense = laplacian.toarray() + 1.0 / n  # L + J/n: same solution, mean zero
        return np.linalg.solve(dense, rhs)
    csr = laplacian.tocsr()
    x = np.zeros(n)
    x[:-1] = solve_spd(csr[:-1, :-1], rhs[:-1])
    return x - x.mean()
