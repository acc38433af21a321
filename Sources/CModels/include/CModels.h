#ifndef CMODELS_H
#define CMODELS_H
#include <stddef.h>
/* The default models, embedded at build time with C23 #embed (see Models/README.md).
   Each function returns a pointer to the file's bytes and stores its size in *size. */

/* Models/haarcascade_frontalface_alt2.fdm: OpenCV's 20x20 Haar cascade (two-split trees), --detector cascade's. */
const unsigned char *cmodels_haarcascade_frontalface_alt2(size_t *size);
/* Models/mtcnn.fdm: MTCNN's P-Net, R-Net and O-Net weights (float32). */
const unsigned char *cmodels_mtcnn(size_t *size);
/* Models/shape5.fdm: dlib's 5-point shape predictor (regression trees). */
const unsigned char *cmodels_shape5(size_t *size);
/* Models/yunet_n.fdm: YuNet_n face detector (Apache-2.0). */
const unsigned char *cmodels_yunet_n(size_t *size);
/* Models/yunet_s.fdm: YuNet_s face detector (MIT). */
const unsigned char *cmodels_yunet_s(size_t *size);
/* Models/face_mesh_v2.fdm: MediaPipe's face mesh v2, 478 points with irises (Apache-2.0, float16 weights). */
const unsigned char *cmodels_face_mesh_v2(size_t *size);
/* Models/face_blendshapes.fdm: MediaPipe's blendshape model, 52 expression coefficients (Apache-2.0, float16). */
const unsigned char *cmodels_face_blendshapes(size_t *size);
/* Models/sface.fdm: SFace face descriptor network (Apache-2.0, int8 weight blocks, dequantised at load). */
const unsigned char *cmodels_sface(size_t *size);
#endif
